import {
  applyDefaultMiddleware,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  MemoryCallCache,
  MemoryCallRecorder,
} from '@forge/provider';
import { bench, describe } from 'vitest';
import { CostMeter } from './pricing/cost-meter.js';

// An instant model, so the numbers are the middleware's own cost per call.
const answer: GenerateResult = {
  text: 'The answer is 42.',
  toolCalls: [],
  finishReason: 'stop',
  usage: { inputTokens: 900, outputTokens: 40 },
};
const instant: LanguageModel = {
  specificationVersion: 'v1',
  provider: 'openai',
  modelId: 'gpt-5.5',
  generate: async () => answer,
};

// A realistic task call: a 2 KB system prompt and a 1 KB question.
const request: GenerateRequest = {
  system: 'You answer multi-hop questions about Wikipedia articles. '.repeat(36),
  messages: [
    { role: 'user', content: `Question: ${'Which river flows through the capital? '.repeat(26)}` },
  ],
  maxOutputTokens: 8192,
  temperature: 0,
  metadata: { role: 'task' },
};

const fullStack = applyDefaultMiddleware(instant, {
  recorder: { record: () => {} },
  costMeter: new CostMeter(),
  limits: { concurrency: 16 },
});
let sample = 0;
const withCacheMisses = applyDefaultMiddleware(instant, {
  recorder: new MemoryCallRecorder(),
  costMeter: new CostMeter(),
  cache: new MemoryCallCache({ maxEntries: 1000 }),
  limits: { concurrency: 16 },
});
const withCacheHits = applyDefaultMiddleware(instant, {
  costMeter: new CostMeter(),
  cache: new MemoryCallCache(),
});

describe('middleware overhead per call', () => {
  bench('bare model', async () => {
    await instant.generate(request);
  });
  bench('default stack: defaults, recorder, meter, retry, limits, timeout', async () => {
    await fullStack.generate(request);
  });
  bench('default stack + cache miss (key hash and store)', async () => {
    await withCacheMisses.generate({
      ...request,
      metadata: { role: 'task', sampleIndex: sample++ },
    });
  });
  bench('default stack + cache hit', async () => {
    await withCacheHits.generate(request);
  });
});
