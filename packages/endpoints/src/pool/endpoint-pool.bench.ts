import {
  applyDefaultMiddleware,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
} from '@forge/provider';
import { bench, describe } from 'vitest';
import { createEndpointPool } from './endpoint-pool.js';

// Instant endpoints, so the numbers are the pool's own cost per call: routing, state updates,
// slot bookkeeping. Run: pnpm --filter @forge/provider bench
const answer: GenerateResult = {
  text: 'The answer is 42.',
  toolCalls: [],
  finishReason: 'stop',
  usage: { inputTokens: 900, outputTokens: 40 },
};
const instant = (): LanguageModel => ({
  specificationVersion: 'v1',
  provider: 'openai',
  modelId: 'Qwen/Qwen3-8B',
  generate: async () => answer,
});
const request: GenerateRequest = {
  system: 'You answer multi-hop questions about Wikipedia articles. '.repeat(36),
  messages: [{ role: 'user', content: 'Which river flows through the capital?' }],
  metadata: { role: 'task' },
};

const pool = (size: number) =>
  createEndpointPool({
    healthCheckIntervalMs: false,
    endpoints: Array.from({ length: size }, (_, index) => ({
      url: `http://gpu-${index}:8000/v1`,
      model: instant(),
      probe: async () => {},
    })),
  });

const single = instant();
const poolOf3 = pool(3);
const poolOf16 = pool(16);
const stackOverSingle = applyDefaultMiddleware(instant(), { limits: { concurrency: 16 } });
const stackOverPool = applyDefaultMiddleware(pool(3), { limits: { concurrency: 16 } });

describe('endpoint pool overhead per call', () => {
  bench('one endpoint, no pool', async () => {
    await single.generate(request);
  });
  bench('pool of 3 endpoints', async () => {
    await poolOf3.generate(request);
  });
  bench('pool of 16 endpoints', async () => {
    await poolOf16.generate(request);
  });
  bench('pool of 3, 8 calls at once', async () => {
    await Promise.all(Array.from({ length: 8 }, () => poolOf3.generate(request)));
  });
  bench('default stack over one endpoint', async () => {
    await stackOverSingle.generate(request);
  });
  bench('default stack over a pool of 3 (timeout per endpoint)', async () => {
    await stackOverPool.generate(request);
  });
});
