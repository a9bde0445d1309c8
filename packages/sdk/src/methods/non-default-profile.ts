import type { Method } from '@forge/method';

/**
 * The `profile` a method runs with when it is not the method's default, else undefined: GEPA,
 * ACE and MIPROv2 default to `paper`, so `reference` is named and an explicit `paper` is not.
 * `settings` are the method's parsed settings (`parseSettings`'s answer). The default is what
 * the method's own parser gives empty settings, so a method added later needs no entry here; a
 * method whose settings cannot be empty (or that has no parser) has its profile named whenever
 * one is set.
 */
export function nonDefaultProfile(
  method: Pick<Method, 'parseSettings'>,
  settings: Readonly<Record<string, unknown>>,
): string | undefined {
  const profile = settings['profile'];
  if (typeof profile !== 'string') return undefined;
  return profile === defaultProfile(method) ? undefined : profile;
}

function defaultProfile(method: Pick<Method, 'parseSettings'>): string | undefined {
  if (method.parseSettings === undefined) return undefined;
  try {
    const profile = method.parseSettings({})['profile'];
    return typeof profile === 'string' ? profile : undefined;
  } catch {
    return undefined;
  }
}
