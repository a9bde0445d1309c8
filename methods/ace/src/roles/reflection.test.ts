import { describe, expect, it } from 'vitest';
import { parseReflection, renderReflection } from './reflection.js';

const answer = {
  reasoning: 'Thinking.',
  error_identification: 'The day and month were swapped.',
  root_cause_analysis: 'No rule for dotted dates.',
  correct_approach: 'Read dotted dates day-first.',
  key_insight: 'Dotted dates are day-first.',
  bullet_tags: [
    { id: 'rule-00001', tag: 'harmful' },
    { bullet_id: 'rule-00002', tag: 'Helpful' },
    { id: 'rule-00003', tag: 'useful' },
    'rule-00004',
  ],
};

describe('parseReflection', () => {
  it('reads the reference fields and tags, dropping bad tag entries with a count', () => {
    const parsed = parseReflection(`Let me look.\n${JSON.stringify(answer)}`);
    expect(parsed).toEqual({
      ok: true,
      invalidTags: 2,
      reflection: {
        reasoning: 'Thinking.',
        errorIdentification: 'The day and month were swapped.',
        rootCauseAnalysis: 'No rule for dotted dates.',
        correctApproach: 'Read dotted dates day-first.',
        keyInsight: 'Dotted dates are day-first.',
        bulletTags: [
          { id: 'rule-00001', tag: 'harmful' },
          { id: 'rule-00002', tag: 'helpful' },
        ],
      },
    });
  });

  it('is malformed without JSON, with a mistyped field, or without any diagnosis', () => {
    expect(parseReflection('The answer was wrong.')).toEqual({
      ok: false,
      code: 'invalid-json',
      reason: 'no JSON object in the answer',
    });
    expect(parseReflection('{"key_insight": ["a", "b"]}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^key_insight: /),
    });
    expect(parseReflection('{"reasoning": "only this", "bullet_tags": []}')).toEqual({
      ok: false,
      code: 'invalid-answer',
      reason: 'the reflection has none of its diagnosis fields',
    });
  });
});

describe('renderReflection', () => {
  it('writes the diagnosis sections, and the tags only when asked', () => {
    const parsed = parseReflection(JSON.stringify({ ...answer, root_cause_analysis: '' }));
    if (!parsed.ok) throw new Error(parsed.reason);
    const plain = renderReflection(parsed.reflection);
    expect(plain).toBe(
      '## Error Identification\n\nThe day and month were swapped.\n\n## Correct Approach\n\nRead dotted dates day-first.\n\n## Key Insight\n\nDotted dates are day-first.',
    );
    expect(renderReflection(parsed.reflection, { tags: true })).toMatch(
      /## Bullet Tags\n\n- \[rule-00001\] harmful\n- \[rule-00002\] helpful$/,
    );
  });
});
