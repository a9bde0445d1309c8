import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseAssignment } from './parse-assignment.js';

const answer =
  '<assignment>{"cluster_name": null, "new_cluster_name": "year_pivot", "new_failure_description": "Two-digit years read as 19xx."}</assignment>';

describe('parseAssignment on what real models add', () => {
  it.each(['reasoning', 'chatter', 'fence'] as const)('reads the action through %s', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseAssignment(spoiled.text, spoiled.finishReason)).toMatchObject({
      action: 'create',
      name: 'year_pivot',
    });
  });

  it.each(['truncated', 'empty'] as const)('makes a %s answer a no-op with that reason', (form) => {
    const spoiled = misbehave(answer, form);
    expect(parseAssignment(spoiled.text, spoiled.finishReason)).toMatchObject({
      action: 'no-op',
      reason: form,
    });
  });

  it('never uses a complete-looking answer cut off at the token limit', () => {
    expect(parseAssignment(answer, 'length')).toMatchObject({
      action: 'no-op',
      reason: 'truncated',
    });
  });
});
