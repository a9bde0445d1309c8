import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkPackage,
  type BenchmarkParts,
  defineBenchmark,
} from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { importUserModule } from '../inputs/import-user-module.js';

/** The exports a module gives in the shape `optimize()` takes, and which of them are required. */
const programExports = [
  ['program', true],
  ['metric', true],
  ['train', true],
  ['validation', true],
  ['test', false],
  ['signature', false],
] as const;

/**
 * Loads a user's own benchmark from a module file (`.ts`, `.mts`, `.js`, `.mjs`, … — see
 * `importUserModule`). The module gives either
 * - a benchmark: its default export or its `benchmark` export is a `Benchmark`, a
 *   `BenchmarkPackage`, or a factory `(options) => Benchmark`; or
 * - the objects `optimize()` takes: exports `program` (a `Program`), `metric`, `train` and
 *   `validation` (and optionally `test`, `signature`) — as named exports, or as the fields of its
 *   default export. A default export that is itself the `Program` counts as `program`.
 *
 * @throws InvalidArgumentError (exit 2 in the CLI) naming the file: missing, failing to load,
 * exporting none of these, or missing one of the exports of the second shape (named).
 */
export async function loadProgramModule(
  path: string,
  options: BenchmarkOptions,
): Promise<Benchmark> {
  const file = resolve(path);
  if (!existsSync(file)) {
    throw new InvalidArgumentError({
      argument: 'program',
      message: `program: ${file} does not exist`,
    });
  }
  const module = await importProgram(file, path);
  let exported: unknown = module['benchmark'] ?? module['default'] ?? module;
  while (isObject(exported) && 'default' in exported && !('program' in exported))
    exported = exported['default'];
  if (isProgram(exported)) return benchmarkOfExports({ ...module, program: exported }, path);
  if (typeof exported === 'function')
    return (exported as (options: BenchmarkOptions) => Benchmark)(options);
  if (isObject(exported) && typeof exported['createBenchmark'] === 'function') {
    return (exported as unknown as BenchmarkPackage).createBenchmark(options);
  }
  if (isObject(exported) && isObject(exported['program'])) {
    return typeof exported['loadSplits'] === 'function' && isObject(exported['signature'])
      ? (exported as unknown as Benchmark)
      : benchmarkOfExports(exported, path);
  }
  throw new InvalidArgumentError({
    argument: 'program',
    message: `program: ${path} exports no benchmark and no program: export program, metric, train and validation (the objects optimize() takes), or export default a Benchmark, a BenchmarkPackage or a function returning a Benchmark`,
  });
}

async function importProgram(file: string, path: string): Promise<Record<string, unknown>> {
  try {
    return await importUserModule(file, {
      purpose: `TypeScript program module ${path}`,
      argument: 'program',
    });
  } catch (error) {
    // A missing tsx already says what to install.
    if (InvalidArgumentError.isInstance(error)) throw error;
    throw new InvalidArgumentError({
      argument: 'program',
      message: `program: ${path} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** The benchmark of a module exporting the objects `optimize()` takes, each checked by name. */
function benchmarkOfExports(exports: Record<string, unknown>, path: string): Benchmark {
  const missing = programExports
    .filter(([name, required]) => required && exports[name] === undefined)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new InvalidArgumentError({
      argument: 'program',
      message: `program: ${path} exports no ${missing.map((name) => `\`${name}\``).join(', ')}; a program module exports program, metric, train and validation (test and signature optional), the objects optimize() takes`,
    });
  }
  const wrong = (name: string, expected: string) =>
    new InvalidArgumentError({
      argument: 'program',
      message: `program: ${path}: its \`${name}\` export must be ${expected}`,
    });
  if (!isProgram(exports['program'])) throw wrong('program', 'a Program (name, modules, run)');
  if (typeof exports['metric'] !== 'function')
    throw wrong('metric', 'a function (instance, execution) => { score, feedback? }');
  for (const split of ['train', 'validation', 'test'] as const) {
    if (exports[split] !== undefined && !Array.isArray(exports[split]))
      throw wrong(split, 'an array of instances');
  }
  return defineBenchmark({
    program: exports['program'],
    metric: exports['metric'],
    train: exports['train'],
    validation: exports['validation'],
    ...(exports['test'] === undefined ? {} : { test: exports['test'] }),
    ...(exports['signature'] === undefined ? {} : { signature: exports['signature'] }),
  } as BenchmarkParts);
}

function isProgram(value: unknown): value is BenchmarkParts['program'] {
  return (
    isObject(value) &&
    typeof value['run'] === 'function' &&
    Array.isArray(value['modules']) &&
    typeof value['name'] === 'string'
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
