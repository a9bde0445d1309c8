import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerProvider, unregisterProvider } from '@forge/provider';
import { simProviderFactory } from '@forge/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';
import { runConcurrency } from './run-concurrency.js';

describe('runConcurrency', () => {
  it('runs the whole validation pass in one wave when nothing limits it', () => {
    expect(runConcurrency({ taskModel: 'sim:task' }, 60)).toBe(60);
  });

  it("is capped by the task model's concurrency and requests per minute", () => {
    expect(runConcurrency({ taskModel: { model: 'sim:task', concurrency: 16 } }, 60)).toBe(16);
    expect(runConcurrency({ taskModel: { model: 'sim:task', requestsPerMinute: 30 } }, 60)).toBe(
      30,
    );
    expect(
      runConcurrency(
        { taskModel: { model: 'sim:task', concurrency: 40, requestsPerMinute: 0.5 } },
        60,
      ),
    ).toBe(1);
    expect(
      runConcurrency(
        {
          taskModel: {
            model: 'openai:m',
            baseURLs: ['http://a.test/v1', 'http://b.test/v1'],
            endpointConcurrency: 6,
          },
        },
        60,
      ),
    ).toBe(12);
  });

  it('keeps a value the user gave, above or below the rule', () => {
    expect(runConcurrency({ concurrency: 3, taskModel: 'sim:task' }, 60)).toBe(3);
    expect(
      runConcurrency({ concurrency: 128, taskModel: { model: 'sim:task', concurrency: 4 } }, 60),
    ).toBe(128);
  });
});

describe('optimize with default concurrency', () => {
  const root = mkdtempSync(join(tmpdir(), 'forge-concurrency-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    // Other test files may share this module registry: leave it as it was found.
    unregisterProvider('watched');
  });

  // The simulated task model, slowed down and watched: how many calls are in flight at once.
  let inFlight = 0;
  let peak = 0;
  registerProvider('watched', (modelId, options) => {
    const model = simProviderFactory(modelId, options);
    return {
      ...model,
      provider: 'watched',
      async generate(request) {
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return await model.generate(request);
        } finally {
          inFlight--;
        }
      },
    };
  });
  const run = async (overrides: Record<string, unknown>) => {
    peak = 0;
    await optimize({
      benchmark: 'sim',
      taskModel: 'watched:task',
      optimizerModel: 'sim:optimizer',
      variant: 'baseline',
      budget: { maxEvaluations: 100 },
      evaluateTest: false,
      runDir: join(root, `run-${Object.keys(overrides).join('-') || 'default'}`),
      ...overrides,
    });
    return peak;
  };

  it('evaluates the seed on the whole validation set at once', async () => {
    // The simulated world's validation set has 20 instances, each one task call per module.
    expect(await run({})).toBe(20);
  });

  it("follows the user's concurrency and the task model's limit", async () => {
    expect(await run({ concurrency: 5 })).toBe(5);
    expect(await run({ taskModel: { model: 'watched:task', concurrency: 3 } })).toBe(3);
  });
});
