import { MethodSettingsError } from '@forge/method';
import { describe, expect, it } from 'vitest';
import { loadMethod } from './method-registry.js';
import { nonDefaultProfile } from './non-default-profile.js';

describe('nonDefaultProfile', () => {
  it('names reference for GEPA, GEPA+merge, ACE and MIPROv2, whose default is paper', async () => {
    for (const id of ['gepa', 'gepa-merge', 'ace', 'mipro']) {
      const method = await loadMethod(id);
      const parse = (raw: Record<string, unknown>) => method.parseSettings?.(raw) ?? raw;
      expect(nonDefaultProfile(method, parse({ profile: 'reference' })), id).toBe('reference');
      expect(nonDefaultProfile(method, parse({ profile: 'paper' })), id).toBeUndefined();
      expect(nonDefaultProfile(method, parse({})), id).toBeUndefined();
    }
  });

  it('names nothing for a method without profiles', async () => {
    const forge = await loadMethod('forge');
    expect(nonDefaultProfile(forge, forge.parseSettings?.({}) ?? {})).toBeUndefined();
  });

  it("takes the default from the method's own parser", () => {
    const method = { parseSettings: () => ({ profile: 'fast' }) };
    expect(nonDefaultProfile(method, { profile: 'fast' })).toBeUndefined();
    expect(nonDefaultProfile(method, { profile: 'paper' })).toBe('paper');
  });

  it('names any profile of a method whose settings cannot be empty, or that has no parser', () => {
    const strict = {
      parseSettings: (): Record<string, unknown> => {
        throw new MethodSettingsError({ field: 'depth', message: 'depth: required' });
      },
    };
    expect(nonDefaultProfile(strict, { profile: 'paper' })).toBe('paper');
    expect(nonDefaultProfile({}, { profile: 'paper' })).toBe('paper');
  });
});
