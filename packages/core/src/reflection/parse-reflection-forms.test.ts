import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseReflection } from './reflect.js';

const answer = '<system_prompt>\nRead two-digit years with a pivot at 50.\n</system_prompt>';

describe('parseReflection on what real models add', () => {
  it.each(['reasoning', 'chatter', 'fence'] as const)('reads the prompt through %s', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseReflection(spoiled.text, 'old', spoiled.finishReason)).toEqual({
      kind: 'proposal',
      prompt: 'Read two-digit years with a pivot at 50.',
    });
  });

  it.each(['truncated', 'empty'] as const)('makes a %s answer a no-op with that reason', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseReflection(spoiled.text, 'old', spoiled.finishReason)).toEqual({
      kind: 'no-op',
      reason: form,
    });
  });

  it('never uses a complete-looking prompt that was cut off at the token limit', () => {
    expect(parseReflection(answer, 'old', 'length')).toEqual({
      kind: 'no-op',
      reason: 'truncated',
    });
  });
});
