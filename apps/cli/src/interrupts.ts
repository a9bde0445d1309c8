import { setMaxListeners } from 'node:events';
/**
 * Ctrl-C handling for long commands: the first interrupt asks the run to stop after its current
 * step (progress is saved); a second one aborts the calls in flight at once (the run stays at its
 * last saved step either way, and `--resume` continues it).
 */
export interface Interrupts {
  /** Aborted by the first Ctrl-C: stop after the current step. */
  readonly stopSignal: AbortSignal;
  /** Aborted by the second Ctrl-C: stop at once. */
  readonly abortSignal: AbortSignal;
  /** True once Ctrl-C was pressed. */
  readonly interrupted: boolean;
  /** Removes the handlers. */
  dispose(): void;
}

/** What the first Ctrl-C prints: one stable line, kept on screen above the progress display. */
export const stopNotice =
  'stopping after this step (progress is saved); press Ctrl-C again to stop at once';

/** What the second Ctrl-C prints. */
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
  const onSignal = () => {
    count += 1;
    if (count === 1) {
      notify(stopNotice);
      stop.abort();
    } else if (count === 2) {
      notify(abortNotice);
      abort.abort(new Error('interrupted'));
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stopSignal: stop.signal,
    abortSignal: abort.signal,
    get interrupted() {
      return count > 0;
    },
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
