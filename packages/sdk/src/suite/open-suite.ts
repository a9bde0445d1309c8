import { join, resolve } from 'node:path';
import {
  parseCellFilter,
  parseShard,
  resultOutsidePlan,
  type SelectedCells,
  type SuiteCellResult,
  SuitePlanError,
  SuiteResultsError,
  selectCells,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import type { RawConfig } from '../config/load-config.js';
import { assertObjectsGivenAgain, noObjectInputs } from '../inputs/object-inputs.js';
import { assertRecordedEndpointsGiven } from '../inputs/recorded-endpoints.js';
import { assertSuiteModulesTrusted } from '../inputs/run-modules.js';
import { mergeSuiteLabels } from './merge-suite-labels.js';
import { type PreparedSuite, prepareSuite } from './prepare-suite.js';
import type { RunSuiteOptions } from './run-suite-options.js';
import type { SuiteInput } from './suite-config-schema.js';
import {
  checkSuiteDirectory,
  loadSavedSuite,
  readSuiteResults,
  saveSuite,
  suitePlanFileName,
  suiteResultsFileName,
  writeSuiteFile,
} from './suite-directory.js';

/** A suite directory opened to run: checked, prepared, saved, with its selection. */
export interface OpenedSuite {
  /** The suite directory, absolute. */
  readonly dir: string;
  /** The prepared suite. */
  readonly suite: PreparedSuite;
  /** The cells this invocation runs, and the dependencies it added. */
  readonly selected: SelectedCells;
  /** The results already in the directory, by cell id. */
  readonly previous: Map<string, SuiteCellResult>;
  /** True when continuing a saved suite. */
  readonly resumed: boolean;
}

/**
 * Opens a suite directory for a run — on this machine or on a queue: refuses a suite over
 * another (or a resume where there is none), prepares the config (or the saved one), refuses a
 * resume with another config, applies the selection, saves `suite.json` and `plan.json`, and
 * emits `suite-prepared`.
 */
export async function openSuite(
  config: SuiteInput | undefined,
  options: RunSuiteOptions,
): Promise<OpenedSuite> {
  const dir = resolve(options.dir);
  const resume = options.resume === true;
  checkSuiteDirectory(dir, resume);
  const saved = resume ? loadSavedSuite(dir) : undefined;
  // A suite started with objects cannot continue from its saved names alone; and what its
  // suite.json names on its own (modules, model endpoints) is used only when trusted.
  if (saved !== undefined && config === undefined) {
    assertObjectsGivenAgain(saved.objectInputs ?? [], noObjectInputs, {
      file: join(dir, 'suite.json'),
      call: (fields) => `runSuite({ …, ${fields} }, { dir, resume: true })`,
    });
    assertSavedSuiteTrusted(join(dir, 'suite.json'), saved.config, {
      call: 'suite --resume',
      giveAgain: '-c <config>',
      environment: options.environment ?? process.env,
      endpoints: options.endpoints,
      trust: options.trustRunModules,
    });
  }
  const raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>> =
    config === undefined && saved !== undefined
      ? { file: join(dir, 'suite.json'), value: saved.config }
      : {
          file: options.configFile ?? '<options>',
          value: config,
          ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
        };
  let suite: PreparedSuite = await prepareSuite(raw, {
    ...(options.environment === undefined ? {} : { environment: options.environment }),
    ...(saved === undefined ? {} : { name: saved.name }),
  });
  if (saved !== undefined) {
    assertObjectsGivenAgain(saved.objectInputs ?? [], suite.objects, {
      file: join(dir, 'suite.json'),
      call: (fields) => `runSuite({ …, ${fields} }, { dir, resume: true })`,
    });
  }
  if (saved !== undefined && saved.digest !== suite.digest) {
    throw new ConfigError({
      file: raw.file,
      message: `differs from the config ${dir} was started with (digest ${saved.digest}, now ${suite.digest}); resume a suite with its own config, or start a new directory`,
    });
  }
  // A received directory's results.json is data: a result outside the plan (a cell elsewhere, a
  // count above the cap that would widen its row's ceiling) is refused before anything runs.
  const previous = readSuiteResults(dir);
  assertResultsWithinPlan(join(dir, suiteResultsFileName), previous, suite);
  const selected = selection(suite, options);
  if (saved === undefined) {
    saveSuite(dir, {
      formatVersion: 1,
      name: suite.name,
      digest: suite.digest,
      config: suite.config,
      labels: suite.labels,
      ...(suite.objects.fields.length === 0 ? {} : { objectInputs: [...suite.objects.fields] }),
    });
  } else {
    const labels = mergeSuiteLabels(saved.labels, suite.labels);
    // Only the labels may change (a suite saved before profiles were recorded gains them).
    if (JSON.stringify(labels) !== JSON.stringify(saved.labels))
      saveSuite(dir, { ...saved, labels });
    suite = { ...suite, labels };
  }
  writeSuiteFile(dir, suitePlanFileName, `${JSON.stringify(suite.plan, null, 2)}\n`);
  options.onEvent?.({
    type: 'suite-prepared',
    dir,
    name: suite.name,
    digest: suite.digest,
    resumed: saved !== undefined,
    cells: suite.plan.cells.length,
    simulated: suite.simulated,
  });
  return { dir, suite, selected, previous, resumed: saved !== undefined };
}

/**
 * Refuses a suite continued from its `suite.json` alone when that file names modules (provider
 * modules, benchmark programs) or model endpoints this call does not give again and does not
 * trust: a suite directory may come from someone else.
 * @throws ConfigError naming `suite.json` and what it names.
 */
export function assertSavedSuiteTrusted(
  suiteFile: string,
  savedConfig: unknown,
  options: {
    readonly call: string;
    readonly giveAgain?: string;
    readonly environment: Readonly<Record<string, string | undefined>>;
    readonly endpoints?: readonly string[] | undefined;
    readonly trust?: boolean | undefined;
  },
): void {
  const config = (savedConfig ?? {}) as Parameters<typeof assertSuiteModulesTrusted>[1];
  assertSuiteModulesTrusted(suiteFile, config, {
    call: options.call,
    trust: options.trust,
    ...(options.giveAgain === undefined ? {} : { giveAgain: options.giveAgain }),
  });
  assertRecordedEndpointsGiven({
    file: suiteFile,
    recorded: savedConfig,
    used: savedConfig,
    environment: options.environment,
    endpoints: options.endpoints,
    trust: options.trust,
    call: options.call,
  });
}

function selection(suite: PreparedSuite, options: RunSuiteOptions) {
  try {
    return selectCells(suite.plan, {
      ...(options.only === undefined
        ? {}
        : {
            only: typeof options.only === 'string' ? parseCellFilter(options.only) : options.only,
          }),
      ...(options.cells === undefined ? {} : { cells: options.cells }),
      ...(options.shard === undefined
        ? {}
        : { shard: typeof options.shard === 'string' ? parseShard(options.shard) : options.shard }),
    });
  } catch (error) {
    if (!SuitePlanError.isInstance(error)) throw error;
    throw new ConfigError({
      file: '<options>',
      field: error.field,
      message: error.message.replace(/^[^:]*: /, ''),
      cause: error,
    });
  }
}

/**
 * Refuses results that do not belong to the suite's plan (`resultOutsidePlan`): a suite
 * directory may come from anyone, and its recorded counts set the ceilings of the cells to come.
 * @throws SuiteResultsError naming the file and the cell.
 */
function assertResultsWithinPlan(
  file: string,
  results: ReadonlyMap<string, SuiteCellResult>,
  suite: PreparedSuite,
): void {
  const outside = resultOutsidePlan(results, {
    cells: suite.plan.cells,
    maxEvaluations: suite.config.budget.maxEvaluations,
  });
  if (outside === undefined) return;
  throw new SuiteResultsError({
    file,
    message: `${outside.reason}; nothing was run or written (a suite directory's results are checked against the plan its suite.json makes here)`,
  });
}
