import { openRunDatabase, type RunDatabase } from '@forge/store';
import { loadReportData } from '../data/load-report-data.js';
import { renderRunReport } from '../render-run-report.js';
import { runVersion } from './run-version.js';
import { serveLivePage } from './serve-live-page.js';

/** Options of `serveRunReport`. */
export interface ServeRunReportOptions {
  /** The run directory (its `forge.db` is opened read-only). */
  readonly runDir: string;
  /** The loopback port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** How often the page asks whether the run changed, in milliseconds. Default 1000. */
  readonly intervalMs?: number;
}

/** A running live view. */
export interface RunReportServer {
  /** The page's address, on 127.0.0.1. */
  readonly url: string;
  /** Stops serving and closes the database. */
  close(): Promise<void>;
}

/**
 * Serves a run's report on loopback and keeps it current: the page asks `/version` every
 * `intervalMs` and reloads when a step (or a synthesis attempt, a test score, a status change)
 * has landed. The database is opened read-only, so this works for a run that another process
 * is writing in the same run directory. Requests naming any other host are refused, so no
 * other site can reach the server through the browser.
 */
export async function serveRunReport(options: ServeRunReportOptions): Promise<RunReportServer> {
  const database: RunDatabase = openRunDatabase(options.runDir, { readonly: true });
  try {
    const server = await serveLivePage({
      subject: 'the run',
      source: {
        version: () => runVersion(database),
        page: (live) => renderRunReport(loadReportData(database, options.runDir), { live }),
      },
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    });
    return {
      url: server.url,
      close: async () => {
        await server.close();
        database.close();
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}
