import { getMaxListeners, setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortListenersPerCall, raiseAbortListenerLimit } from './raise-abort-listener-limit.js';

describe('raiseAbortListenerLimit', () => {
  it('lets as many calls listen as run at once, without a warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      raiseAbortListenerLimit(controller.signal, 16);
      expect(getMaxListeners(controller.signal)).toBe(16 * abortListenersPerCall);
      for (let index = 0; index < 16 * abortListenersPerCall; index++)
        controller.signal.addEventListener('abort', () => {});
      // Node reports the warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('never lowers a limit, and leaves an unlimited signal and no signal alone', () => {
    const high = new AbortController().signal;
    setMaxListeners(100_000, high);
    raiseAbortListenerLimit(high, 2);
    expect(getMaxListeners(high)).toBe(100_000);
    const unlimited = new AbortController().signal;
    setMaxListeners(0, unlimited);
    raiseAbortListenerLimit(unlimited, 4);
    expect(() => raiseAbortListenerLimit(undefined, 4)).not.toThrow();
  });
});
