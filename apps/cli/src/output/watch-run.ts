import type { ForgeEvent, RunReportServer } from '@forge/sdk';
import type { RunRenderer } from './run-renderer.js';
import type { Terminal } from './terminal.js';

/**
 * `forge optimize --watch`: once the run directory exists, serves its live report on loopback
 * and says where; `close` stops serving when the run is over.
 */
export function watchRun(
  terminal: Terminal,
  renderer: RunRenderer,
  port: number | undefined,
): { onEvent(event: ForgeEvent): void; close(): Promise<void> } {
  let server: Promise<RunReportServer | undefined> | undefined;
  let runDir = '';
  return {
    onEvent(event) {
      if (event.type !== 'run-prepared' || server !== undefined) return;
      runDir = event.runDir;
      const { runDir: served } = event;
      server = import('@forge/sdk')
        .then(({ serveRunReport }) =>
          serveRunReport({ runDir: served, ...(port === undefined ? {} : { port }) }),
        )
        .then(
          (started) => {
            renderer.notice(
              `live report: ${started.url} (updates as steps land; stops with the run)`,
            );
            return started;
          },
          (error: unknown) => {
            // The run goes on without its live view; the report file is still written at the end.
            renderer.notice(`cannot serve the live report: ${(error as Error).message}`);
            return undefined;
          },
        );
    },
    async close() {
      const started = await server;
      if (started === undefined) return;
      await started.close();
      terminal.err.write(
        `live report stopped with the run; reopen it with: forge report --watch ${runDir}\n`,
      );
    },
  };
}
