import { redactSecrets, registerEnvironmentSecrets } from '@forge/provider';
import type { Terminal } from './terminal.js';

/**
 * The terminal with every string written to it passed through `redactSecrets`: the last line of
 * defence, so that a secret of the environment or the config (registered as the run resolves its
 * models) never reaches the screen or a log, whichever message carried it. The environment's
 * secrets are registered here, before any command runs.
 */
export function redactingTerminal(terminal: Terminal): Terminal {
  registerEnvironmentSecrets(terminal.environment);
  return { ...terminal, out: redactingStream(terminal.out), err: redactingStream(terminal.err) };
}

function redactingStream<Stream extends NodeJS.WritableStream>(stream: Stream): Stream {
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(
            typeof chunk === 'string' ? redactSecrets(chunk) : chunk,
            ...rest,
          );
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
