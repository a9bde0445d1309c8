import { describe, expect, it } from 'vitest';
import {
  evaluateSubstitution,
  readRuleSentences,
  ruleSentence,
  substitutionInstances,
  substitutionRules,
} from './substitution-task.js';

const rules = substitutionRules(16);

describe('the substitution task', () => {
  it('reads back the rule sentences it writes, in order', () => {
    const text = ['Intro line.', ruleSentence(rules[3]!), ruleSentence(rules[0]!)].join('\n');
    expect(readRuleSentences(text)).toEqual([rules[3], rules[0]]);
  });

  it('makes the same instances for the same seed, and gold that applies every rule', () => {
    const first = substitutionInstances({ rules, split: 'val', count: 20, seed: 1 });
    expect(substitutionInstances({ rules, split: 'val', count: 20, seed: 1 })).toEqual(first);
    for (const instance of first) {
      const words = String(instance.input['text']).split(' ');
      expect(words.length).toBeGreaterThanOrEqual(6);
      expect(words.length).toBeLessThanOrEqual(14);
      const gold = String(instance.gold['rewritten']).split(' ');
      words.forEach((word, position) => {
        const rule = rules.find((candidate) => candidate.source === word);
        expect(gold[position]).toBe(rule?.target ?? word);
      });
    }
  });

  it('gives word-level partial credit and names each missed substitution once', () => {
    const instance = {
      id: 'x',
      input: { text: 'amber the amber birch' },
      gold: { rewritten: 'AMBER the AMBER BIRCH' },
    };
    const evaluation = evaluateSubstitution(instance, {
      output: { rewritten: 'amber the amber BIRCH' },
      trace: [],
    }) as { score: number; feedback?: string };
    expect(evaluation.score).toBe(0.5);
    expect(evaluation.feedback).toBe('"amber" should be rewritten as "AMBER".');
    expect(
      evaluateSubstitution(instance, { output: { rewritten: 'AMBER the AMBER BIRCH' }, trace: [] }),
    ).toEqual({ score: 1 });
  });

  it('rejects rule counts it cannot provide', () => {
    expect(() => substitutionRules(0)).toThrow(RangeError);
    expect(() => substitutionRules(25)).toThrow(RangeError);
  });
});
