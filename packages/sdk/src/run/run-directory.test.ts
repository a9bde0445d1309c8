import { describe, expect, it } from 'vitest';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { redactConfig } from './run-directory.js';

describe('redactConfig', () => {
  it('removes credentials but keeps token limits, so a saved config still loads', () => {
    const config = parseForgeConfig({
      file: '<test>',
      value: {
        benchmark: 'sim',
        taskModel: {
          model: 'sim:task',
          maxOutputTokens: 8192,
          tokensPerMinute: 100_000,
          baseURL: 'https://user:hunter2@example.invalid/v1',
          settings: { apiKey: 'sk-not-a-real-key', accessToken: 'abc', authToken: 'def' },
        },
        optimizerModel: 'sim:optimizer',
        budget: { maxEvaluations: 100, maxOptimizerTokens: 50_000 },
      },
    });
    const redacted = redactConfig(config);
    const model = redacted.taskModel as Exclude<ForgeConfig['taskModel'], string>;
    expect(model.maxOutputTokens).toBe(8192);
    expect(model.tokensPerMinute).toBe(100_000);
    expect(redacted.budget.maxOptimizerTokens).toBe(50_000);
    expect(model.settings).toEqual({
      apiKey: '[REDACTED]',
      accessToken: '[REDACTED]',
      authToken: '[REDACTED]',
    });
    expect(model.baseURL).toBe('https://[REDACTED]@example.invalid/v1');
    expect(() => parseForgeConfig({ file: '<saved>', value: redacted })).not.toThrow();
  });
});
