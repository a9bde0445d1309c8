/**
 * Time as the middleware sees it. Injected so tests can drive retries, rate limits and timeouts
 * with a manual clock instead of real waits.
 */
export interface Clock {
  /** Milliseconds since the epoch (or any fixed origin). */
  now(): number;
  /** Runs `callback` after `milliseconds`; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, milliseconds: number): unknown;
  /** Cancels a timer created by `setTimeout`. */
  clearTimeout(handle: unknown): void;
}

/** The real clock: `Date.now` and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Waits `milliseconds` on `clock`. Rejects with the signal's reason as soon as `signal` aborts,
 * so a cancelled run never sits out a backoff.
 */
export function sleep(
  milliseconds: number,
  options: { readonly clock?: Clock; readonly signal?: AbortSignal } = {},
): Promise<void> {
  const clock = options.clock ?? systemClock;
  const signal = options.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(abortReason(signal as AbortSignal));
    };
    const handle = clock.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, milliseconds),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error an aborted signal stands for: its reason, or a generic `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
