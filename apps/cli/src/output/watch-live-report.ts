import type { Terminal } from './terminal.js';

/** A live report being served on loopback. */
export interface LiveReportServer {
  /** The page's loopback address. */
  readonly url: string;
  /** Stops serving. */
  close(): Promise<void>;
}

/** What a command's `--watch` serves, from which event, and what it tells the user. */
export interface WatchLiveReportOptions<Event> {
  /** Where the line saying the report stopped goes (stderr). */
  readonly terminal: Terminal;
  /** Prints a line beside the progress display: the address once serving, or why it cannot. */
  readonly notice: (text: string) => void;
  /** The directory to serve once this event says it exists; undefined for any other event. */
  readonly preparedDir: (event: Event) => string | undefined;
  /** Starts serving the directory's live report. */
  readonly serve: (dir: string) => Promise<LiveReportServer>;
  /** What is watched, as the messages name it: `run` or `suite`. */
  readonly subject: string;
  /** When the page updates, as the started line says it: `steps land`, `cells finish`. */
  readonly updatesWhen: string;
  /** The command that reopens the live report of the directory once it stopped. */
  readonly reopenCommand: (dir: string) => string;
}

/** What a command feeds its events to, and closes when it is over. */
export interface LiveReportWatch<Event> {
  /** Starts serving on the first event that names the prepared directory; ignores the rest. */
  onEvent(event: Event): void;
  /** Stops serving (if it started) and says how to reopen the report. */
  close(): Promise<void>;
}

/**
 * `--watch` of a long command (`forge optimize`, `forge suite`): once its directory is prepared,
 * serves the live report on loopback and says where; `close` stops serving when the command's
 * work is over. A server that cannot start is a notice, never a failure of the work itself.
 */
export function watchLiveReport<Event>(
  options: WatchLiveReportOptions<Event>,
): LiveReportWatch<Event> {
  const { terminal, notice, subject } = options;
  let server: Promise<LiveReportServer | undefined> | undefined;
  let dir = '';
  return {
    onEvent(event) {
      if (server !== undefined) return;
      const prepared = options.preparedDir(event);
      if (prepared === undefined) return;
      dir = prepared;
      server = options.serve(prepared).then(
        (started) => {
          notice(
            `live report: ${started.url} (updates as ${options.updatesWhen}; stops with the ${subject})`,
          );
          return started;
        },
        (error: unknown) => {
          // The work goes on without its live view; its report file is still written.
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
        `live report stopped with the ${subject}; reopen it with: ${options.reopenCommand(dir)}\n`,
      );
    },
  };
}
