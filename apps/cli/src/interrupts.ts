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

export function handleInterrupts(log: (text: string) => void): Interrupts {
  const stop = new AbortController();
  const abort = new AbortController();
  let count = 0;
  const onSignal = () => {
    count += 1;
    if (count === 1) {
      log(
        '\nstopping after the current step (progress is saved); press Ctrl-C again to stop at once',
      );
      stop.abort();
    } else {
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
