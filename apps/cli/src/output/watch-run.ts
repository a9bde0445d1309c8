import type { ForgeEvent } from '@forge/sdk';
import type { RunRenderer } from './run-renderer.js';
import type { Terminal } from './terminal.js';
import { type LiveReportWatch, watchLiveReport } from './watch-live-report.js';

/**
 * `forge optimize --watch`: once the run directory exists, serves its live report on loopback
 * and says where; `close` stops serving when the run is over.
 */
export function watchRun(
  terminal: Terminal,
  renderer: RunRenderer,
  port: number | undefined,
): LiveReportWatch<ForgeEvent> {
  return watchLiveReport<ForgeEvent>({
    terminal,
    notice: (text) => renderer.notice(text),
    preparedDir: (event) => (event.type === 'run-prepared' ? event.runDir : undefined),
    // Loaded only when watching: a run without --watch never loads the server.
    serve: async (runDir) =>
      (await import('@forge/sdk')).serveRunReport({
        runDir,
        ...(port === undefined ? {} : { port }),
      }),
    subject: 'run',
    updatesWhen: 'steps land',
    reopenCommand: (runDir) => `forge report --watch ${runDir}`,
  });
}
