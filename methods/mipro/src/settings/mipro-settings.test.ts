import { MethodSettingsError } from '@forge/method';
import { describe, expect, it } from 'vitest';
import { presetTrials } from './mipro-presets.js';
import { parseMiproSettings } from './mipro-settings.js';

describe('parseMiproSettings', () => {
  it('fills in the reference defaults', () => {
    expect(parseMiproSettings({})).toEqual({
      profile: 'paper',
      auto: 'light',
      trials: 'ceiling',
      maxBootstrappedDemos: 4,
      maxLabeledDemos: 4,
      metricThreshold: 1,
      teacher: 'task',
      minibatch: 'auto',
      minibatchSize: 35,
      minibatchFullEvalSteps: 5,
      viewDataBatchSize: 10,
      demosInProposal: 3,
      programAware: true,
      dataAware: true,
      tipAware: true,
      fewshotAware: true,
    });
    expect(parseMiproSettings({ auto: 'heavy', trials: 12, candidates: 8 })).toMatchObject({
      auto: 'heavy',
      trials: 12,
      candidates: 8,
    });
  });

  it("takes DSPy's defaults with profile reference, values given still winning", () => {
    expect(parseMiproSettings({ profile: 'reference' })).toMatchObject({
      profile: 'reference',
      trials: 'preset',
      metricThreshold: null,
      initTemperature: 1,
      teacher: 'task',
    });
    expect(
      parseMiproSettings({ profile: 'reference', trials: 'ceiling', metricThreshold: 0.5 }),
    ).toMatchObject({ trials: 'ceiling', metricThreshold: 0.5 });
    expect(parseMiproSettings({}).initTemperature).toBeUndefined();
    expect(parseMiproSettings({ teacher: 'model', initTemperature: 0.7 })).toMatchObject({
      teacher: 'model',
      initTemperature: 0.7,
    });
  });

  it('names the bad field, unknown keys included', () => {
    const failure = (raw: Record<string, unknown>) => {
      try {
        parseMiproSettings(raw);
      } catch (error) {
        if (MethodSettingsError.isInstance(error)) return error;
      }
      throw new Error('no MethodSettingsError');
    };
    expect(failure({ auto: 'huge' }).field).toBe('auto');
    expect(failure({ minibatchSize: 0 }).field).toBe('minibatchSize');
    expect(failure({ trials: 'many' }).field).toBe('trials');
    expect(failure({ profile: 'dspy' }).field).toBe('profile');
    expect(failure({ teacher: 'gpt' }).field).toBe('teacher');
    const unknown = failure({ numTrials: 3 });
    expect(unknown.field).toBe('numTrials');
    expect(unknown.message).toMatch(/^numTrials: /);
  });
});

describe('presetTrials', () => {
  it('is the reference formula max(2·v·log2 N, 1.5·N)', () => {
    // light, one module, demos searched: v = 2, N = 6 → max(10.3, 9) = 10.
    expect(presetTrials(2, 6)).toBe(10);
    // medium, two modules with demos: v = 4, N = 12 → max(28.7, 18) = 28.
    expect(presetTrials(4, 12)).toBe(28);
    // zero-shot, one module: v = 1, N = 6 → max(5.2, 9) = 9.
    expect(presetTrials(1, 6)).toBe(9);
  });
});
