import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { applyDefaultMiddleware } from './default-middleware.js';

// The stack with a cost meter and over an endpoint pool is tested in `@forge/endpoints`
// (`default-middleware-metered.test.ts`), which owns both.
describe('applyDefaultMiddleware', () => {
  it('times out a stuck attempt and retries it', async () => {
    const clock = new ManualClock();
    let attempt = 0;
    const model = new MockLanguageModel({
      responses: async (request) => {
        attempt++;
        if (attempt === 1) {
          await new Promise((_, reject) =>
            request.abortSignal?.addEventListener('abort', () =>
              reject(request.abortSignal?.reason),
            ),
          );
        }
        return 'second try';
      },
    });
    const wrapped = applyDefaultMiddleware(model, {
      timeoutMs: 1000,
      retry: { initialDelayMs: 10, random: () => 0 },
      clock,
    });
    const running = wrapped.generate({ messages: [] });
    await clock.advance(1000);
    await clock.advance(10);
    await expect(running).resolves.toMatchObject({ text: 'second try' });
    expect(model.calls).toHaveLength(2);
  });
});
