import type { Terminal } from '../output/terminal.js';

/** A live view being served (`forge report --watch`, `forge suite report --watch`). */
export interface LiveServer {
  /** The page's loopback address. */
  readonly url: string;
  /** Stops serving. */
  close(): Promise<void>;
}

/**
 * Prints the live view's address (stdout, alone on its line, for scripts) and what it serves
 * (stderr), then serves until Ctrl-C or SIGTERM and closes the server.
 */
export async function serveUntilStopped(
  terminal: Terminal,
  server: LiveServer,
  what: string,
): Promise<void> {
  terminal.out.write(`${server.url}\n`);
  terminal.err.write(`serving the live report of ${what} at ${server.url} (Ctrl-C stops)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
}
