import type { Method } from '@forge/method';
import type { Benchmark, Splits } from '@forge/program';
import {
  planSuite,
  type SuiteCell,
  type SuiteLabels,
  type SuitePlan,
  SuitePlanError,
  type SuiteSpec,
} from '@forge/suite';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { parseForgeConfig, type RawConfig } from '../config/load-config.js';
import { detachObjectInputs, noObjectInputs, type ObjectInputs } from '../inputs/object-inputs.js';
import { loadMethod } from '../methods/method-registry.js';
import { nonDefaultProfile } from '../methods/non-default-profile.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from '../run/load-benchmark.js';
import { methodSettingsOf } from '../run/run-method-context.js';
import { createRunModels } from '../run/run-models.js';
import { cellRunConfig } from './cell-run-config.js';
import { parseSuiteConfig } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';
import { suitePortClashes } from './suite-port-clashes.js';
import { suiteDigest, suiteSpecOf } from './suite-spec-of.js';

/** A suite checked end to end before anything is spent. */
export interface PreparedSuite {
  /** The validated config. */
  readonly config: SuiteConfig;
  /** Where it came from (for messages). */
  readonly file: string;
  /** Its name (the `name` field, else the file name, else `suite`). */
  readonly name: string;
  /** Digest of the deciding config. */
  readonly digest: string;
  /** The planner's view of it. */
  readonly spec: SuiteSpec;
  /** The plan. */
  readonly plan: SuitePlan;
  /** The cells checked (and whose methods, benchmarks and models were loaded): all, or the `select`ed ones. */
  readonly checked: readonly SuiteCell[];
  /** Method titles, benchmark titles and the profiles of methods run with a non-default one. */
  readonly labels: SuiteLabels;
  /** The methods, by id. */
  readonly methods: ReadonlyMap<string, Method>;
  /** Each benchmark and its splits (the config's subset applied), by id. */
  readonly benchmarks: ReadonlyMap<
    string,
    { readonly benchmark: Benchmark; readonly splits: Splits }
  >;
  /** True when any model is simulated. */
  readonly simulated: boolean;
  /** Model and benchmark objects the config held (the library API), names in their place. */
  readonly objects: ObjectInputs;
}

/** The model fields of a suite config that may hold objects. */
export const suiteModelFields = ['taskModels[]', 'optimizerModels[]', 'roleModels.*'] as const;

/**
 * Validates a suite config, plans it, and checks everything a cell needs before any cell runs:
 * every method loads and accepts its settings, every benchmark's data loads, every model
 * resolves (keys present). Errors name the suite file, line and field. With `select`, only the
 * cells it picks are checked, so an estimate of a few cells needs only their data and keys.
 */
export async function prepareSuite(
  raw: Pick<RawConfig, 'file' | 'value'> & Partial<Pick<RawConfig, 'lineOf'>>,
  options: {
    readonly environment?: Record<string, string | undefined>;
    readonly name?: string;
    /** Picks the cells to check (default all): the others' data and keys are not needed. */
    readonly select?: (plan: SuitePlan) => readonly SuiteCell[];
  } = {},
): Promise<PreparedSuite> {
  const { value, objects } =
    typeof raw.value === 'object' && raw.value !== null
      ? detachObjectInputs(raw.value, suiteModelFields, { benchmarkList: 'benchmarks' })
      : { value: raw.value, objects: noObjectInputs };
  const config = parseSuiteConfig({ ...raw, value }, [...(objects.benchmarks?.keys() ?? [])]);
  const fail = (field: string, message: string, cause?: unknown): never => {
    throw new ConfigError({
      file: raw.file,
      line: raw.lineOf?.(field.split('.')),
      field,
      message,
      cause,
    });
  };
  const spec = suiteSpecOf(config);
  let plan: SuitePlan;
  try {
    plan = planSuite(spec);
  } catch (error) {
    if (!SuitePlanError.isInstance(error)) throw error;
    return fail(error.field, error.message.replace(/^[^:]*: /, ''), error);
  }
  const checked = options.select?.(plan) ?? plan.cells;
  await registerConfigProviders(config.providers, raw.file);
  const environment = { ...(options.environment ?? process.env) };
  const methods = new Map<string, Method>();
  for (const cell of checked) {
    if (!methods.has(cell.method)) methods.set(cell.method, await loadMethod(cell.method));
  }
  const runConfigOf = (cell: (typeof plan.cells)[number]): ForgeConfig => {
    const method = methods.get(cell.method) as Method;
    try {
      return parseForgeConfig({
        file: raw.file,
        value: cellRunConfig({
          config,
          cell,
          ceiling: null,
          runDir: '<suite>',
          methodRoles: method.roles,
        }),
      });
    } catch (error) {
      if (!ConfigError.isInstance(error)) throw error;
      return fail(error.field ?? 'benchmarks', error.message.replace(/^.*?: /, ''), error);
    }
  };
  const profiles: Record<string, string> = {};
  for (const [id, method] of methods) {
    const cell = checked.find((candidate) => candidate.method === id) as SuiteCell;
    try {
      const profile = nonDefaultProfile(
        method,
        methodSettingsOf(method, runConfigOf(cell), { file: raw.file }),
      );
      if (profile !== undefined) profiles[id] = profile;
    } catch (error) {
      if (!ConfigError.isInstance(error)) throw error;
      const field = error.field?.startsWith('methodSettings.')
        ? `methodSettings.${id}.${error.field.slice('methodSettings.'.length)}`
        : (error.field ?? `methodSettings.${id}`);
      fail(field, error.message.replace(/^.*?field "[^"]*": /, ''), error);
    }
  }
  const benchmarks = new Map<string, { benchmark: Benchmark; splits: Splits }>();
  const labels: {
    methods: Record<string, string>;
    benchmarks: Record<string, string>;
    profiles?: Record<string, string>;
  } = {
    methods: Object.fromEntries([...methods].map(([id, method]) => [id, method.title])),
    benchmarks: {},
    ...(Object.keys(profiles).length === 0 ? {} : { profiles }),
  };
  let simulated = false;
  const created = new Map<string, { benchmark: Benchmark; runConfig: ForgeConfig }>();
  for (const id of spec.benchmarks) {
    const cell = checked.find((candidate) => candidate.benchmark === id);
    if (cell === undefined) continue;
    const runConfig = runConfigOf(cell);
    const { benchmark } = await loadConfiguredBenchmark(runConfig, objects.benchmarks?.get(id));
    created.set(id, { benchmark, runConfig });
  }
  const clash = suitePortClashes(config, created);
  if (clash !== undefined) fail(clash.field, clash.message);
  for (const [id, { benchmark, runConfig }] of created) {
    const splits = await loadConfiguredSplits(benchmark, runConfig);
    if (splits.validation.length > config.budget.maxEvaluations) {
      fail(
        'budget.maxEvaluations',
        `must be at least ${id}'s validation size (${splits.validation.length}): every method evaluates its seed on all of it`,
      );
    }
    benchmarks.set(id, { benchmark, splits });
    labels.benchmarks[id] = benchmark.title;
  }
  for (const cell of checked) {
    const runConfig = runConfigOf(cell);
    const models = createRunModels(runConfig, {
      environment,
      roles: (methods.get(cell.method) as Method).roles,
      models: objects.models,
    });
    models.close();
    const names = models.names;
    if (Object.values(names).some((model) => model.startsWith('sim:'))) simulated = true;
  }
  return {
    config,
    file: raw.file,
    name:
      config.name ??
      options.name ??
      (raw.file.startsWith('<')
        ? 'suite'
        : (raw.file.split('/').pop() ?? 'suite').replace(/\.[^.]+$/, '')),
    digest: suiteDigest(config),
    spec,
    plan,
    checked,
    labels,
    methods,
    benchmarks,
    simulated,
    objects,
  };
}
