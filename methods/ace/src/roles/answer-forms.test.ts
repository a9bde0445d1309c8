import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseCuration } from './curation.js';
import { parseReflection } from './reflection.js';

const reflection = JSON.stringify({
  reasoning: 'r',
  error_identification: 'The year was read as 19xx.',
  root_cause_analysis: 'No pivot rule.',
  correct_approach: 'Use a pivot.',
  key_insight: 'Pivot at 50.',
  bullet_tags: [],
});
const curation = JSON.stringify({ reasoning: 'r', operations: [] });

describe('ACE parsers on what real models add', () => {
  it.each(['reasoning', 'chatter', 'fence'] as const)('read both roles through %s', (form) => {
    const reflected = misbehave(reflection, form);
    expect(parseReflection(reflected.text, reflected.finishReason).ok).toBe(true);
    const curated = misbehave(curation, form);
    expect(parseCuration(curated.text, curated.finishReason).ok).toBe(true);
  });

  it.each(['truncated', 'empty'] as const)('report a %s answer with its code', (form) => {
    const reflected = misbehave(reflection, form);
    expect(parseReflection(reflected.text, reflected.finishReason)).toMatchObject({
      ok: false,
      code: form,
    });
    const curated = misbehave(curation, form);
    expect(parseCuration(curated.text, curated.finishReason)).toMatchObject({
      ok: false,
      code: form,
    });
  });
});
