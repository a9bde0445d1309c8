import { describe, expect, it } from 'vitest';
import { firstTokenTag, startsWithVerb } from './starts-with-verb.js';

// Expected tags printed by NLTK's PerceptronTagger (NLTK source, CPython 3.11) with the
// averaged_perceptron_tagger weights: nltk.pos_tag(tokens)[0][1].
const cases: ReadonlyArray<readonly [readonly string[], string]> = [
  [['Write', 'a', 'poem', '.'], 'VB'],
  [['Imagine', 'the', 'world'], 'NNP'],
  [['Running', 'is', 'fun'], 'VBG'],
  [['The', 'cat'], 'DT'],
  [['Please', 'help', 'me'], 'VB'],
  [['Describe', 'your', 'day'], 'VB'],
  [['Is', 'it', 'true', '?'], 'VBZ'],
  [['Walked', 'home'], 'VBD'],
  [['Explore', 'the', 'city', 'today'], 'IN'],
  [['Sing'], 'VBG'],
  [['I', 'am'], 'PRP'],
  [['1999', 'was', 'good'], 'CD'],
  [['Hello', 'there'], 'NNP'],
];

describe('firstTokenTag', () => {
  it.each(cases)('tags %j as %s', (tokens, tag) => {
    expect(firstTokenTag(tokens)).toBe(tag);
  });

  it('answers the start-with-verb question from the tag, and no for no tokens', () => {
    expect(startsWithVerb(['Walked', 'home'])).toBe(true);
    expect(startsWithVerb(['Imagine', 'the', 'world'])).toBe(false);
    expect(startsWithVerb([])).toBe(false);
  });
});
