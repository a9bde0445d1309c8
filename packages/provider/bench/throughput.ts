// Throughput of the default middleware stack: 200 calls to a fake model with 50 ms latency,
// at concurrency 1 and 16. Run: pnpm --filter @forge/provider bench
import { applyDefaultMiddleware } from '../src/middleware/default-middleware.js';
import { MockLanguageModel } from '../src/testing/mock-language-model.js';

const calls = 200;
const latencyMs = 50;

async function run(concurrency: number): Promise<number> {
  const model = applyDefaultMiddleware(
    new MockLanguageModel({ responses: () => 'ok', latencyMs }),
    {
      limits: { concurrency },
    },
  );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: calls }, (_, index) =>
      model.generate({ messages: [{ role: 'user', content: `question ${index}` }] }),
    ),
  );
  return performance.now() - started;
}

const serial = await run(1);
const parallel = await run(16);
console.log(`${calls} calls, ${latencyMs} ms latency each`);
console.log(`concurrency  1: ${serial.toFixed(0)} ms`);
console.log(`concurrency 16: ${parallel.toFixed(0)} ms`);
console.log(
  `speed-up: ${(serial / parallel).toFixed(1)}× (ideal ${(calls / Math.ceil(calls / 16)).toFixed(1)}×)`,
);
