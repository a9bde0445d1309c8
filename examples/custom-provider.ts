// Plug in your own model provider: any object implementing `LanguageModel` (one `generate`
// method), registered under a name so that model strings like `my-gateway:small` reach it.
// Forge wraps it in the same middleware as the built-in providers: retries, limits, timeout,
// cache, cost meter and call recorder.
//
// This example's provider forwards to the offline simulated models (so it runs anywhere); a real
// one would call your gateway's HTTP API here.
//
// Run: pnpm exec tsx examples/custom-provider.ts
import type { LanguageModel } from '@forge/provider';
import { registerProvider } from '@forge/provider';
import { optimize } from '@forge/sdk';
import { createSimModel } from '@forge/sim';

let calls = 0;
registerProvider('my-gateway', (modelId) => {
  // Your gateway's model names → what actually answers (here, the simulated models).
  const upstream = createSimModel(modelId === 'small' ? 'task' : 'optimizer');
  const model: LanguageModel = {
    specificationVersion: 'v1',
    provider: 'my-gateway',
    modelId,
    async generate(request) {
      calls += 1;
      return upstream.generate(request);
    },
  };
  return model;
});

const result = await optimize({
  benchmark: 'sim',
  taskModel: 'my-gateway:small',
  optimizerModel: 'my-gateway:large',
  // The gateway has no public price list: give prices (USD per million tokens) to see costs.
  prices: {
    'my-gateway:small': { input: 0.1, output: 0.4 },
    'my-gateway:large': { input: 2, output: 8 },
  },
  budget: { maxEvaluations: 300 },
  runDir: `forge-runs/custom-provider-${Date.now()}`,
});

console.log(
  `[simulated models behind a custom provider] ${calls} calls reached my-gateway; ` +
    `validation ${result.seedScore.toFixed(3)} → ${result.bestScore.toFixed(3)}; priced cost $${result.costUsd.toFixed(4)}`,
);
