import type { SuiteLabels } from '@forge/suite';

/**
 * The labels a continued suite keeps: the saved ones, with what this invocation loaded laid over
 * them. An invocation loads only the methods and benchmarks of the cells it selected, so the
 * saved titles of the others stay; a suite saved before profiles were recorded gains them
 * (the profile is part of the config's digest, so it cannot have changed since).
 */
export function mergeSuiteLabels(saved: SuiteLabels | undefined, loaded: SuiteLabels): SuiteLabels {
  const profiles = { ...saved?.profiles, ...loaded.profiles };
  return {
    methods: { ...saved?.methods, ...loaded.methods },
    benchmarks: { ...saved?.benchmarks, ...loaded.benchmarks },
    ...(Object.keys(profiles).length === 0 ? {} : { profiles }),
  };
}
