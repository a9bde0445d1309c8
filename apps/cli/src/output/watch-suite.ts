import type { SuiteRunEvent } from '@forge/sdk';
import type { Terminal } from './terminal.js';
import { type LiveReportWatch, watchLiveReport } from './watch-live-report.js';

/**
 * `forge suite --watch`: once the suite directory is prepared, serves its live report on
 * loopback and says where (`notice`); `close` stops serving when the suite is over. The report
 * file is written after each cell whether or not it is served.
 */
export function watchSuite(
  terminal: Terminal,
  notice: (text: string) => void,
  port: number | undefined,
): LiveReportWatch<SuiteRunEvent> {
  return watchLiveReport<SuiteRunEvent>({
    terminal,
    notice,
    preparedDir: (event) => (event.type === 'suite-prepared' ? event.dir : undefined),
    // Loaded only when watching: a suite without --watch never loads the server.
    serve: async (dir) =>
      (await import('@forge/sdk')).serveSuiteReport({
        dir,
        ...(port === undefined ? {} : { port }),
      }),
    subject: 'suite',
    updatesWhen: 'cells finish',
    reopenCommand: (dir) => `forge suite report ${dir} --watch`,
  });
}
