import { MethodSettingsError } from '@forge/method';
import { describe, expect, it } from 'vitest';
import { parseGepaSettings } from './gepa-settings.js';

describe('parseGepaSettings', () => {
  it("fills the reference's defaults, merge following the method", () => {
    expect(parseGepaSettings({}, { useMerge: false })).toEqual({
      profile: 'paper',
      skipPerfectScore: true,
      perfectScore: 1,
      candidateSelection: 'pareto',
      componentSelection: 'round-robin',
      useMerge: false,
      maxMergeInvocations: 5,
      mergeSubsampleSize: 5,
    });
    expect(parseGepaSettings({}, { useMerge: true }).useMerge).toBe(true);
    expect(parseGepaSettings({ useMerge: false }, { useMerge: true }).useMerge).toBe(false);
  });

  it('names the field of a bad value', () => {
    const error = (() => {
      try {
        parseGepaSettings({ maxMergeInvocations: -1 }, { useMerge: true });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(MethodSettingsError.isInstance(error)).toBe(true);
    expect((error as MethodSettingsError).field).toBe('maxMergeInvocations');
  });

  it('refuses unknown settings and templates without their placeholders', () => {
    expect(() => parseGepaSettings({ minibatch: 3 }, { useMerge: false })).toThrow(
      /minibatch: unknown GEPA setting/,
    );
    expect(() =>
      parseGepaSettings({ reflectionPromptTemplate: 'Improve <curr_param>.' }, { useMerge: false }),
    ).toThrow(/reflectionPromptTemplate: must contain the placeholders/);
    expect(() => parseGepaSettings({ candidateSelection: 'random' }, { useMerge: false })).toThrow(
      /candidateSelection/,
    );
  });

  it('takes the profile, paper by default, and refuses any other', () => {
    expect(parseGepaSettings({ profile: 'reference' }, { useMerge: false }).profile).toBe(
      'reference',
    );
    expect(() => parseGepaSettings({ profile: 'authors' }, { useMerge: false })).toThrow(
      /^profile: /,
    );
  });
});
