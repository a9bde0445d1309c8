import type { LivePageServer, SuiteRunEvent } from '@forge/sdk';
import type { Terminal } from './terminal.js';

/**
 * `forge suite --watch`: once the suite directory is prepared, serves its live report on
 * loopback and says where (`notice`); `close` stops serving when the suite is over.
 */
export function watchSuite(
  terminal: Terminal,
  notice: (text: string) => void,
  port: number | undefined,
): { onEvent(event: SuiteRunEvent): void; close(): Promise<void> } {
  let server: Promise<LivePageServer | undefined> | undefined;
  let dir = '';
  return {
    onEvent(event) {
      if (event.type !== 'suite-prepared' || server !== undefined) return;
      dir = event.dir;
      const served = event.dir;
      server = import('@forge/sdk')
        .then(({ serveSuiteReport }) =>
          serveSuiteReport({ dir: served, ...(port === undefined ? {} : { port }) }),
        )
        .then(
          (started) => {
            notice(`live report: ${started.url} (updates as cells finish; stops with the suite)`);
            return started;
          },
          (error: unknown) => {
            // The suite goes on without its live view; report.html is still written after each cell.
            notice(`cannot serve the live report: ${(error as Error).message}`);
            return undefined;
          },
        );
    },
    async close() {
      const started = await server;
      if (started === undefined) return;
      await started.close();
      terminal.err.write(
        `live report stopped with the suite; reopen it with: forge suite report ${dir} --watch\n`,
      );
    },
  };
}
