import { getMaxListeners, setMaxListeners } from 'node:events';

/** Abort listeners one model call in flight may hold (its timeout, its retry wait, its pool slot, …). */
export const abortListenersPerCall = 8;

/**
 * Raises an abort signal's listener limit to cover `callsInFlight` concurrent model calls. Every
 * call in flight listens to the run's abort signal, so with more than a few at once Node's default
 * limit of 10 prints a `MaxListenersExceededWarning` for a leak that is not one. A method that
 * runs calls concurrently on `MethodContext.abortSignal` calls this once at the start of `run`;
 * the limit is only ever raised, and a signal without a limit (0) is left alone.
 */
export function raiseAbortListenerLimit(
  signal: AbortSignal | undefined,
  callsInFlight: number,
): void {
  if (signal === undefined) return;
  const wanted = Math.max(1, Math.ceil(callsInFlight)) * abortListenersPerCall;
  let current: number;
  try {
    current = getMaxListeners(signal);
  } catch {
    // Node 20 throws here for a limit of 0, which means no limit at all.
    return;
  }
  if (current !== 0 && current < wanted) setMaxListeners(wanted, signal);
}
