import type { SuiteResults } from './suite-results.js';

/** One setting behind a suite's numbers, as `name: value`. */
export interface SuiteSetting {
  /** The config field (`seeds`, `budget`, `methodSettings`). */
  readonly name: string;
  /** Its value as compact JSON (credentials were never saved). */
  readonly value: string;
}

/**
 * What produced a suite's tables — printed under `tables.md`, saved beside the CSVs
 * (`tables/provenance.json`), in the report's footer and in every export.
 */
export interface SuiteProvenance {
  /** The Forge version that wrote these tables. */
  readonly writtenBy: string;
  /** The suite's name and the digest of its config. */
  readonly suite: { readonly name: string; readonly digest: string };
  /** The Forge versions that ran its finished cells (not pending, not failed), as their results record them (sorted). */
  readonly cellForgeVersions: readonly string[];
  /** Finished cells whose results do not record a version (written before versions were). */
  readonly cellsWithoutVersion: number;
  /** The settings that decide the numbers (the whole config is the suite's `suite.json`). */
  readonly settings: readonly SuiteSetting[];
  /** The latest activity of any cell (ISO 8601), when their run databases were read. */
  readonly resultsUpTo?: string;
  /** True when any cell ran on simulated models. */
  readonly simulated: boolean;
}

/** The package whose version is Forge's in a cell's `versions`. */
export const forgePackageName = '@forge/sdk';

/** A suite's provenance from its results and what the caller knows (its version, its settings). */
export function suiteProvenance(options: {
  readonly results: SuiteResults;
  readonly writtenBy: string;
  readonly settings: readonly SuiteSetting[];
  readonly resultsUpTo?: string;
}): SuiteProvenance {
  // Cells that ran to an end and have scores (a failed cell's result is the suite's, not its run's).
  const finished = options.results.cells.filter(
    (cell) => cell.status !== 'pending' && cell.status !== 'failed',
  );
  const versions = new Set<string>();
  let cellsWithoutVersion = 0;
  for (const cell of finished) {
    const version = cell.versions?.[forgePackageName];
    if (version === undefined) cellsWithoutVersion += 1;
    else versions.add(version);
  }
  return {
    writtenBy: options.writtenBy,
    suite: options.results.suite,
    cellForgeVersions: [...versions].sort(),
    cellsWithoutVersion,
    settings: options.settings,
    ...(options.resultsUpTo === undefined ? {} : { resultsUpTo: options.resultsUpTo }),
    simulated: options.results.simulated,
  };
}

/** Provenance as sentences, one per line: who wrote the tables, from what, with which settings. */
export function provenanceLines(provenance: SuiteProvenance): string[] {
  const ran =
    provenance.cellForgeVersions.length === 0
      ? 'no finished cell records its Forge version'
      : `cells run by Forge ${provenance.cellForgeVersions.join(', ')}${provenance.cellsWithoutVersion > 0 ? ` (${provenance.cellsWithoutVersion} cell(s) record none)` : ''}`;
  return [
    `Written by Forge ${provenance.writtenBy} from suite ${provenance.suite.name} (config digest ${provenance.suite.digest}); ${ran}${provenance.resultsUpTo === undefined ? '' : `; results up to ${provenance.resultsUpTo}`}.`,
    ...(provenance.simulated
      ? ['Simulated models: these numbers measure the offline simulator, not real models.']
      : []),
    `Settings (the whole config is the suite's suite.json): ${provenance.settings.map((setting) => `${setting.name} ${setting.value}`).join('; ')}.`,
  ];
}
