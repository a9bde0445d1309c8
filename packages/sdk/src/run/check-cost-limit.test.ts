import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { parseForgeConfig } from '../config/load-config.js';
import { checkCostLimit } from './check-cost-limit.js';
import { createRunModels } from './run-models.js';

const environment = { OPENAI_API_KEY: 'test-key-not-used' };
const config = (extra: Record<string, unknown>) =>
  parseForgeConfig({
    file: 'forge.config.yaml',
    value: {
      benchmark: 'sim',
      taskModel: 'sim:task',
      optimizerModel: 'openai:my-finetune',
      budget: { maxEvaluations: 100, maxOptimizerCostUsd: 5 },
      ...extra,
    },
  });

describe('checkCostLimit', () => {
  it('refuses a cost limit when an optimizer model has no price, naming it and how to price it', () => {
    const resolved = config({});
    const models = createRunModels(resolved, { environment });
    expect(models.unpricedModels).toEqual(['openai:my-finetune']);
    let error: unknown;
    try {
      checkCostLimit(resolved, models, 'forge.config.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    const message = (error as ConfigError).message;
    expect((error as ConfigError).field).toBe('budget.maxOptimizerCostUsd');
    expect(message).toContain(
      'openai:my-finetune (reflect, assign, generate, verify) has no price',
    );
    expect(message).toContain('--price openai:my-finetune=<input>/<output>');
    expect(message).toContain(
      'prices: { "openai:my-finetune": { input: <input>, output: <output> } }',
    );
  });

  it('accepts the limit once the model has a price, and ignores an unpriced task model', () => {
    const priced = config({ prices: { 'openai:my-finetune': { input: 1, output: 4 } } });
    expect(() =>
      checkCostLimit(priced, createRunModels(priced, { environment }), 'f'),
    ).not.toThrow();
    const taskOnly = config({ taskModel: 'openai:my-task-model', optimizerModel: 'sim:optimizer' });
    const models = createRunModels(taskOnly, { environment });
    expect(models.unpricedModels).toEqual(['openai:my-task-model']);
    expect(() => checkCostLimit(taskOnly, models, 'f')).not.toThrow();
  });

  it('has nothing to check without a cost limit', () => {
    const unlimited = config({ budget: { maxEvaluations: 100 } });
    expect(() =>
      checkCostLimit(unlimited, createRunModels(unlimited, { environment }), 'f'),
    ).not.toThrow();
  });
});
