import {
  type Benchmark,
  type BenchmarkParts,
  defineBenchmark,
  type Evaluator,
  type Instance,
  type Program,
  type Signature,
  type ZodSignatureDeclaration,
} from '@forge/program';
import { InvalidArgumentError, type LanguageModel } from '@forge/provider';
import { ConfigError } from '../config/config-error.js';
import type { ModelConfig } from '../config/forge-config-schema.js';

/**
 * A model as the library API takes it: a model string, settings with a model string, a
 * `LanguageModel` object, or settings whose `model` is such an object (its limits, retries and
 * defaults apply to the object as to any model).
 */
export type ModelInput =
  | ModelConfig
  | LanguageModel
  | (Omit<Exclude<ModelConfig, string>, 'model'> & { readonly model: LanguageModel });

/**
 * A benchmark as the library API takes it: a registered id, or a `Benchmark` object. (A program
 * with its metric and data goes in `program`, `metric`, `train`, `validation` and `test`.)
 */
export type BenchmarkInput = string | Benchmark;

/**
 * Fields that give a task as objects instead of names: a `Program` object in `program` with its
 * metric and instance arrays (`defineBenchmark` makes the benchmark of them).
 */
export interface ProgramObjectFields<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> {
  /**
   * A module path (string), or the `Program` object itself. A typed program (`defineProgram`)
   * types the metric and the instances: a metric reading a field its schemas lack does not compile.
   */
  readonly program?: string | Program<Input, Gold, Output>;
  /** With a `Program` object: the metric. */
  readonly metric?: Evaluator<NoInfer<Input>, NoInfer<Gold>, NoInfer<Output>>;
  /** With a `Program` object: training instances. */
  readonly train?: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** With a `Program` object: validation instances. */
  readonly validation?: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** With a `Program` object: test instances (reporting only). Default none. */
  readonly test?: readonly Instance<NoInfer<Input>, NoInfer<Gold>>[];
  /** With a `Program` object: the signature. Default: inferred from the instances. */
  readonly signature?: Signature | ZodSignatureDeclaration;
}

/** The objects a config held, taken out of it so the rest can be validated and saved. */
export interface ObjectInputs {
  /** Model objects by the name they go by in the run (`provider:modelId`). */
  readonly models: ReadonlyMap<string, LanguageModel>;
  /** The benchmark given as an object, or made of a program object, its metric and data. */
  readonly benchmark?: Benchmark;
  /** Benchmark objects of a list (a suite's `benchmarks`), by id. */
  readonly benchmarks?: ReadonlyMap<string, Benchmark>;
  /** The config fields that held objects, e.g. `taskModel`, `roleModels.curate`, `benchmark`. */
  readonly fields: readonly string[];
}

/** No objects. */
export const noObjectInputs: ObjectInputs = { models: new Map(), fields: [] };

const programObjectKeys = ['metric', 'train', 'validation', 'test', 'signature'] as const;

/**
 * Takes the objects out of a config: each model object in `modelFields` (a field name; `name.*`
 * means every entry of that record, `name[]` every element of that list) is replaced by its
 * name, a `Benchmark` object in `benchmark` (or in the list `options.benchmarkList`) by its id,
 * and a `Program` object in `program` (with `metric`, `train`, `validation`, `test`,
 * `signature`) by a benchmark made of them. What is left is plain data that the config schema
 * validates and a run directory saves.
 *
 * @throws InvalidArgumentError naming the field when an object is not what it should be.
 */
export function detachObjectInputs(
  config: object,
  modelFields: readonly string[],
  options: { readonly benchmarkList?: string } = {},
): { readonly value: Record<string, unknown>; readonly objects: ObjectInputs } {
  const value: Record<string, unknown> = { ...(config as Record<string, unknown>) };
  const models = new Map<string, LanguageModel>();
  const fields: string[] = [];
  const detachModel = (entry: unknown, field: string): unknown => {
    const object = isObject(entry) && isObject(entry['model']) ? entry['model'] : entry;
    if (!isObject(object) || !looksLikeModel(object)) return entry;
    assertLanguageModel(object, field);
    const name = nameFor(object, models);
    models.set(name, object);
    fields.push(field);
    return object === entry ? name : { ...(entry as object), model: name };
  };
  for (const path of modelFields) {
    if (path.endsWith('[]')) {
      const head = path.slice(0, -2);
      const list = value[head];
      if (Array.isArray(list))
        value[head] = list.map((entry, index) => detachModel(entry, `${head}.${index}`));
      continue;
    }
    const [head, rest] = path.split('.') as [string, string | undefined];
    if (rest === undefined) {
      if (value[head] !== undefined) value[head] = detachModel(value[head], head);
      continue;
    }
    const record = value[head];
    if (!isObject(record)) continue;
    value[head] = Object.fromEntries(
      Object.entries(record).map(([key, entry]) => [key, detachModel(entry, `${head}.${key}`)]),
    );
  }
  const benchmarks = new Map<string, Benchmark>();
  const list = options.benchmarkList === undefined ? undefined : value[options.benchmarkList];
  if (Array.isArray(list)) {
    value[options.benchmarkList as string] = list.map((entry, index) => {
      // A suite's own entries ({ id, dataDir, program: "<module>" }) are data, not objects.
      if (!isObject(entry) || !isObject(entry['program'])) return entry;
      const given = assertBenchmark(entry, `${options.benchmarkList}.${index}`);
      if (benchmarks.has(given.id) && benchmarks.get(given.id) !== given) {
        throw new InvalidArgumentError({
          argument: `${options.benchmarkList}.${index}`,
          message: `${options.benchmarkList}.${index}: another benchmark object has the id "${given.id}"`,
        });
      }
      benchmarks.set(given.id, given);
      fields.push(`${options.benchmarkList}.${index}`);
      return given.id;
    });
  }
  let benchmark: Benchmark | undefined;
  if (isObject(value['benchmark'])) {
    benchmark = assertBenchmark(value['benchmark']);
    value['benchmark'] = benchmark.id;
    fields.push('benchmark');
  }
  if (isObject(value['program'])) {
    if (benchmark !== undefined) {
      throw new InvalidArgumentError({
        argument: 'program',
        message: 'program: give a benchmark or a program, not both',
      });
    }
    benchmark = defineBenchmark(programParts(value));
    for (const key of programObjectKeys) delete value[key];
    delete value['program'];
    value['benchmark'] = benchmark.id;
    fields.push('program');
  } else {
    for (const key of programObjectKeys) {
      if (value[key] !== undefined) {
        throw new InvalidArgumentError({
          argument: key,
          message: `${key}: only with a Program object in \`program\` (a benchmark or program module brings its own)`,
        });
      }
    }
  }
  return {
    value,
    objects: {
      models,
      ...(benchmark === undefined ? {} : { benchmark }),
      ...(benchmarks.size === 0 ? {} : { benchmarks }),
      fields,
    },
  };
}

/**
 * A run config with the objects put back where their names stand: model names of `objects` in
 * `taskModel`, `optimizerModel`, `roleModels` and `moduleModels` (alone or as settings' `model`), and a benchmark
 * id of `objects.benchmarks` in `benchmark`. The inverse of `detachObjectInputs` for a config made
 * from a detached one (a suite cell's).
 */
export function attachObjectInputs<Config extends object>(
  config: Config,
  objects: ObjectInputs,
): Config {
  const attach = (entry: unknown): unknown => {
    if (typeof entry === 'string') return objects.models.get(entry) ?? entry;
    if (isObject(entry) && typeof entry['model'] === 'string') {
      const model = objects.models.get(entry['model']);
      return model === undefined ? entry : { ...entry, model };
    }
    return entry;
  };
  const value = { ...config } as Record<string, unknown>;
  for (const field of ['taskModel', 'optimizerModel']) {
    if (value[field] !== undefined) value[field] = attach(value[field]);
  }
  for (const field of ['roleModels', 'moduleModels']) {
    const byName = value[field];
    if (isObject(byName)) {
      value[field] = Object.fromEntries(
        Object.entries(byName).map(([name, entry]) => [name, attach(entry)]),
      );
    }
  }
  const benchmark =
    typeof value['benchmark'] === 'string'
      ? objects.benchmarks?.get(value['benchmark'])
      : undefined;
  if (benchmark !== undefined) value['benchmark'] = benchmark;
  return value as Config;
}

/**
 * The name a model object goes by in reports, cost tables and price look-ups: its
 * `provider:modelId`, the provider reduced to the characters model strings allow. Two different
 * objects with one name are told apart by a `#2`, `#3`, … suffix.
 */
export function nameFor(model: LanguageModel, taken: ReadonlyMap<string, LanguageModel>): string {
  const provider =
    model.provider.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z]+/, '') || 'model';
  const base = `${provider}:${model.modelId.trim().replace(/\s+/g, '-') || 'model'}`;
  let name = base;
  for (let index = 2; taken.has(name) && taken.get(name) !== model; index++)
    name = `${base}#${index}`;
  return name;
}

/**
 * A run started with objects (models, a benchmark or a program) must be given them again by
 * whatever continues or re-reads it: its directory holds their names only.
 *
 * @param savedFields the run's `objectInputs`
 * @param needed which of them this use needs (default all)
 * @throws ConfigError naming the run's config file and each missing field
 */
export function assertObjectsGivenAgain(
  savedFields: readonly string[],
  objects: ObjectInputs,
  options: {
    readonly file: string;
    readonly call: (fields: string) => string;
    readonly needed?: (field: string) => boolean;
  },
): void {
  const missing = savedFields.filter(
    (field) =>
      (options.needed?.(field) ?? true) &&
      (field === 'benchmark' || field === 'program'
        ? objects.benchmark === undefined
        : !objects.fields.includes(field)),
  );
  if (missing.length === 0) return;
  // A program object comes with its metric and data: all of them are given again at once.
  const topLevel = [...new Set(missing.map((field) => field.split('.')[0]))]
    .map((field) => (field === 'program' ? 'program, metric, train, validation' : field))
    .join(', ');
  throw new ConfigError({
    file: options.file,
    field: missing[0] as string,
    message: `this run was started with ${missing.length === 1 ? 'an object' : 'objects'} for ${missing.join(', ')} (a model, benchmark or program object is never saved with a run); give ${missing.length === 1 ? 'it' : 'them'} again: ${options.call(topLevel)}`,
  });
}

function programParts(value: Record<string, unknown>): BenchmarkParts {
  const program = value['program'] as Program;
  if (typeof program.run !== 'function' || !Array.isArray(program.modules)) {
    throw new InvalidArgumentError({
      argument: 'program',
      message: 'program: expected a module path or a Program object (name, modules, run)',
    });
  }
  // Every missing part at once: a resume that gives the program again but forgets its data
  // should not be refused one field at a time.
  const problems: { readonly argument: string; readonly message: string }[] = [];
  if (typeof value['metric'] !== 'function') {
    problems.push({
      argument: 'metric',
      message:
        'metric: a Program object needs its metric, (instance, execution) => { score, feedback? }',
    });
  }
  for (const split of ['train', 'validation'] as const) {
    if (!Array.isArray(value[split])) {
      problems.push({
        argument: split,
        message: `${split}: a Program object needs its ${split} instances as an array`,
      });
    }
  }
  if (value['test'] !== undefined && !Array.isArray(value['test'])) {
    problems.push({ argument: 'test', message: 'test: expected an array of instances' });
  }
  if (problems.length > 0) {
    throw new InvalidArgumentError({
      argument: problems.map((problem) => problem.argument).join(', '),
      message: problems.map((problem) => problem.message).join('; '),
    });
  }
  return {
    program,
    metric: value['metric'] as Evaluator,
    train: value['train'] as Instance[],
    validation: value['validation'] as Instance[],
    ...(value['test'] === undefined ? {} : { test: value['test'] as Instance[] }),
    ...(value['signature'] === undefined
      ? {}
      : { signature: value['signature'] as Signature | ZodSignatureDeclaration }),
  };
}

function looksLikeModel(value: Record<string, unknown>): boolean {
  return (
    typeof value['generate'] === 'function' ||
    typeof value['doGenerate'] === 'function' ||
    typeof value['specificationVersion'] === 'string'
  );
}

function assertLanguageModel(
  value: Record<string, unknown>,
  field: string,
): asserts value is Record<string, unknown> & LanguageModel {
  if (typeof value['doGenerate'] === 'function' && typeof value['generate'] !== 'function') {
    throw new InvalidArgumentError({
      argument: field,
      message: `${field}: this is an AI SDK model; wrap it with fromAISDK(model) from @forge/provider-ai-sdk`,
    });
  }
  if (
    value['specificationVersion'] !== 'v1' ||
    typeof value['generate'] !== 'function' ||
    typeof value['provider'] !== 'string' ||
    typeof value['modelId'] !== 'string'
  ) {
    throw new InvalidArgumentError({
      argument: field,
      message: `${field}: expected a model string "provider:model" or an object implementing LanguageModel (specificationVersion "v1", provider, modelId, generate)`,
    });
  }
}

function assertBenchmark(value: Record<string, unknown>, field = 'benchmark'): Benchmark {
  if (
    typeof value['id'] !== 'string' ||
    !isObject(value['program']) ||
    !isObject(value['signature']) ||
    typeof value['evaluate'] !== 'function' ||
    typeof value['loadSplits'] !== 'function'
  ) {
    throw new InvalidArgumentError({
      argument: field,
      message: `${field}: expected a benchmark id or a Benchmark object (id, title, signature, program, evaluate, loadSplits, synthesis); for a program, metric and data use defineBenchmark or the program, metric, train and validation fields`,
    });
  }
  return value as unknown as Benchmark;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
