import { describe, expect, it } from 'vitest';
import { acceptedVerdict } from './proposals-section.js';

describe('acceptedVerdict', () => {
  it('names the candidate an accepted proposal became', () => {
    expect(acceptedVerdict({ kind: 'reflection', candidate: 3 })).toBe('accepted as #3');
    expect(acceptedVerdict({ kind: 'merge', candidate: 0 })).toBe('accepted as #0');
  });

  it("says what acceptance did for ACE and MIPROv2, whose proposals are not candidates, never '#?'", () => {
    expect(acceptedVerdict({ kind: 'curation' })).toBe('accepted: playbook updated');
    expect(acceptedVerdict({ kind: 'instruction' })).toBe('accepted into the instruction pool');
    expect(acceptedVerdict({})).toBe('accepted (no candidate of its own)');
    for (const kind of ['curation', 'instruction', 'other', undefined])
      expect(acceptedVerdict(kind === undefined ? {} : { kind })).not.toContain('?');
  });
});
