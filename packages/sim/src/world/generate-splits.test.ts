import { describe, expect, it } from 'vitest';
import { allocate, generateSplits } from './generate-splits.js';
import { readDateText } from './read-date-text.js';

const sizes = { train: 30, validation: 30, test: 40 };

describe('generateSplits', () => {
  it('is a function of the seed and the sizes', () => {
    expect(generateSplits(5, sizes)).toEqual(generateSplits(5, sizes));
    expect(generateSplits(5, sizes).train).not.toEqual(generateSplits(6, sizes).train);
    const splits = generateSplits('x', sizes);
    expect([splits.train.length, splits.validation.length, splits.test.length]).toEqual([
      30, 30, 40,
    ]);
  });

  it('gives every instance the reference gold date and never repeats a text across splits', () => {
    const splits = generateSplits(1, sizes);
    const all = [...splits.train, ...splits.validation, ...splits.test];
    expect(new Set(all.map((instance) => instance.input['text'])).size).toBe(all.length);
    expect(new Set(all.map((instance) => instance.id)).size).toBe(all.length);
    for (const instance of all) {
      const reading = readDateText(String(instance.input['text']));
      expect(reading.ok && reading.iso).toBe(instance.gold['date']);
    }
  });

  it('keeps slash dates, two-digit years from the pivot up and distractors out of training', () => {
    const { train, validation } = generateSplits(2, sizes);
    const conditions = (instances: typeof train) =>
      instances.map((instance) => {
        const reading = readDateText(String(instance.input['text']));
        if (!reading.ok) throw new Error('unreadable');
        return reading.conditions;
      });
    for (const condition of conditions(train)) {
      expect(condition.form).not.toBe('slash');
      expect(condition.century).not.toBe('1900s');
      expect(condition.distractorsBefore).toBe(0);
    }
    const held = conditions(validation);
    expect(held.filter((condition) => condition.form === 'slash')).toHaveLength(4);
    expect(held.filter((condition) => condition.century === '1900s')).toHaveLength(4);
    expect(held.filter((condition) => condition.distractorsBefore > 0)).toHaveLength(4);
  });

  it('allocates by largest remainder, exactly', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(30, [4, 2, 4, 2, 4, 3, 2])).toEqual([6, 3, 6, 3, 5, 4, 3]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
  });
});
