import { Writable } from 'node:stream';
import type { Terminal } from '../terminal.js';

/** A terminal whose two streams record what is written, for renderer tests. */
export function recordingTerminal(environment: Record<string, string | undefined> = {}): {
  readonly terminal: Terminal;
  readonly out: () => string;
  readonly err: () => string;
} {
  const written = { out: '', err: '' };
  const stream = (key: 'out' | 'err') =>
    new Writable({
      write(chunk, _encoding, done) {
        written[key] += String(chunk);
        done();
      },
    });
  return {
    terminal: { out: stream('out'), err: stream('err'), environment },
    out: () => written.out,
    err: () => written.err,
  };
}
