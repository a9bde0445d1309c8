import { setMaxListeners } from 'node:events';
/**
 * Signal handling for long commands. Ctrl-C (SIGINT), SIGTERM (a service manager, `kill`, a CI
 * timeout) and SIGHUP (the terminal went away) all stop the same graceful way: the first asks the
 * run to stop after its current step (progress is saved); a second one aborts the calls in flight
 * at once (the run stays at its last saved step either way, and `--resume` continues it).
 */
export interface Interrupts {
  /** Aborted by the first signal: stop after the current step. */
  readonly stopSignal: AbortSignal;
  /** Aborted by the second signal: stop at once. */
  readonly abortSignal: AbortSignal;
  /** True once a signal arrived. */
  readonly interrupted: boolean;
  /** The first signal that arrived, if any (it decides the exit code). */
  readonly signal: NodeJS.Signals | undefined;
  /** Removes the handlers. */
  dispose(): void;
}

/** The signals that stop a run gracefully. */
export const stoppingSignals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** What the first Ctrl-C prints: one stable line, kept on screen above the progress display. */
export const stopNotice =
  'stopping after this step (progress is saved); press Ctrl-C again to stop at once';

/** What the second Ctrl-C (or signal) prints. */
export const abortNotice =
  'stopping now: calls in flight are abandoned; the run keeps its last completed step';

/** Installs the handlers; `notify` writes a notice (the renderer keeps it on screen). */
export function handleInterrupts(notify: (text: string) => void): Interrupts {
  const stop = new AbortController();
  const abort = new AbortController();
  // Every model call in flight listens to these: as many as the run's concurrency, which is no
  // leak, so Node's warning past 10 listeners is moved far out of the way. (Not 0, "no limit":
  // Node 20's getMaxListeners throws on a signal whose limit is 0.)
  setMaxListeners(100_000, stop.signal, abort.signal);
  let count = 0;
  let first: NodeJS.Signals | undefined;
  const say = (text: string) => {
    // After SIGHUP the terminal may be gone: a failed write must not end the graceful stop.
    try {
      notify(text);
    } catch {
      // Nobody is listening.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    count += 1;
    if (count === 1) {
      first = signal;
      say(
        signal === 'SIGINT'
          ? stopNotice
          : `${signal}: stopping after this step (progress is saved); send it again to stop at once`,
      );
      stop.abort();
    } else if (count === 2) {
      say(abortNotice);
      abort.abort(new Error('interrupted'));
    }
  };
  for (const signal of stoppingSignals) process.on(signal, onSignal);
  return {
    stopSignal: stop.signal,
    abortSignal: abort.signal,
    get interrupted() {
      return count > 0;
    },
    get signal() {
      return first;
    },
    dispose() {
      for (const signal of stoppingSignals) process.off(signal, onSignal);
    },
  };
}
