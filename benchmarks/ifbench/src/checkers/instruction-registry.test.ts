import { describe, expect, it } from 'vitest';
import {
  IFBENCH_INSTRUCTIONS,
  IFEVAL_INSTRUCTIONS,
  INSTRUCTION_REGISTRY,
} from './instruction-registry.js';

describe('instruction registry', () => {
  it('holds the 58 IFBench ids in 7 families and the 25 IFEval ids, without overlap', () => {
    expect(IFBENCH_INSTRUCTIONS).toHaveLength(58);
    expect(IFEVAL_INSTRUCTIONS).toHaveLength(25);
    expect(INSTRUCTION_REGISTRY.size).toBe(83);
    const families = new Map<string, number>();
    for (const { id } of IFBENCH_INSTRUCTIONS) {
      const family = id.split(':')[0] as string;
      families.set(family, (families.get(family) ?? 0) + 1);
    }
    expect(Object.fromEntries(families)).toEqual({
      count: 9,
      ratio: 5,
      words: 13,
      sentence: 3,
      format: 14,
      custom: 11,
      repeat: 3,
    });
  });

  it('lists every IFEval id of the GEPA registry', () => {
    expect(IFEVAL_INSTRUCTIONS.map(({ id }) => id).sort()).toEqual(
      [
        'keywords:existence',
        'keywords:frequency',
        'keywords:forbidden_words',
        'keywords:letter_frequency',
        'language:response_language',
        'length_constraints:number_sentences',
        'length_constraints:number_paragraphs',
        'length_constraints:number_words',
        'length_constraints:nth_paragraph_first_word',
        'detectable_content:number_placeholders',
        'detectable_content:postscript',
        'detectable_format:number_bullet_lists',
        'detectable_format:constrained_response',
        'detectable_format:number_highlighted_sections',
        'detectable_format:multiple_sections',
        'detectable_format:json_format',
        'detectable_format:title',
        'combination:two_responses',
        'combination:repeat_prompt',
        'startend:end_checker',
        'change_case:capital_word_frequency',
        'change_case:english_capital',
        'change_case:english_lowercase',
        'punctuation:no_comma',
        'startend:quotation',
      ].sort(),
    );
  });

  it('documents every kwarg of every instruction', () => {
    for (const definition of INSTRUCTION_REGISTRY.values()) {
      expect(definition.summary.length).toBeGreaterThan(10);
      for (const kwarg of definition.kwargs) expect(kwarg.description.length).toBeGreaterThan(3);
    }
  });
});
