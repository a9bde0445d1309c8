import { MethodSettingsError } from '@forge/method';
import { describe, expect, it } from 'vitest';
import { defaultSections, parseAceSettings } from './ace-settings.js';

describe('parseAceSettings', () => {
  it('fills in the defaults', () => {
    expect(parseAceSettings({})).toEqual({
      profile: 'paper',
      numEpochs: 5,
      maxReflectionRounds: 3,
      curatorFrequency: 1,
      evalSteps: null,
      tokenBudget: 80_000,
      dedup: 'proactive',
      dedupThreshold: 0.8,
      useGroundTruth: true,
      evaluateAfterCuration: true,
      shuffle: true,
      stopWhenUnchanged: true,
      sections: defaultSections,
    });
  });

  it("takes the reference's defaults with profile reference, values given still winning", () => {
    expect(parseAceSettings({ profile: 'reference' })).toMatchObject({
      profile: 'reference',
      numEpochs: 1,
      evalSteps: 100,
      dedup: 'off',
      shuffle: false,
      stopWhenUnchanged: false,
      tokenBudget: 80_000,
      maxReflectionRounds: 3,
      curatorFrequency: 1,
    });
    expect(parseAceSettings({ profile: 'reference', evalSteps: null, numEpochs: 2 })).toMatchObject(
      {
        evalSteps: null,
        numEpochs: 2,
      },
    );
    expect(() => parseAceSettings({ profile: 'authors' })).toThrow(/^profile: /);
  });

  it('keeps the values given', () => {
    const settings = parseAceSettings({
      numEpochs: 2,
      dedup: 'lazy',
      sections: ['rules', 'others'],
    });
    expect(settings.numEpochs).toBe(2);
    expect(settings.dedup).toBe('lazy');
    expect(settings.sections).toEqual(['rules', 'others']);
  });

  it.each([
    [{ numEpochs: 0 }, 'numEpochs'],
    [{ maxReflectionRounds: 1.5 }, 'maxReflectionRounds'],
    [{ dedup: 'embeddings' }, 'dedup'],
    [{ dedupThreshold: 0 }, 'dedupThreshold'],
    [{ sections: ['Rules'] }, 'sections.0'],
    [{ sections: ['rules', 'rules'] }, 'sections'],
    [{ tokenBudget: '80k' }, 'tokenBudget'],
  ])('names the field of a bad value: %j', (raw, field) => {
    try {
      parseAceSettings(raw);
      expect.unreachable('the settings were accepted');
    } catch (error) {
      expect(MethodSettingsError.isInstance(error)).toBe(true);
      expect((error as MethodSettingsError).field).toBe(field);
      expect((error as Error).message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it('names an unknown setting and lists the known ones', () => {
    expect(() => parseAceSettings({ num_epochs: 3 })).toThrow(
      expect.objectContaining({
        field: 'num_epochs',
        message: expect.stringContaining(
          'ACE has no setting "num_epochs" (its settings: numEpochs,',
        ),
      }),
    );
  });
});
