import type { Benchmark } from '@forge/program';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import type { ObjectInputs } from '../inputs/object-inputs.js';
import { readRunConfigWithObjects } from '../inputs/read-run-config-with-objects.js';
import { assertRunModulesTrusted } from '../inputs/run-modules.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import {
  type BenchmarkOverrides,
  loadConfiguredBenchmark,
  withBenchmarkOverrides,
} from './load-benchmark.js';

/**
 * What a call that may re-read a run (`evaluate`, `synthesizeFromFailures`) gives about its
 * benchmark: the run whose saved config supplies the defaults, and the benchmark fields that
 * override it.
 */
export interface RunBenchmarkRequest extends BenchmarkOverrides {
  /** A run directory whose `config.json` supplies the defaults; none: the call's fields alone. */
  readonly run?: string | undefined;
  /** Import the modules the run's `config.json` names without their being given again. */
  readonly trustRunModules?: boolean | undefined;
}

/** How the call is named in the errors it may throw. */
export interface RunBenchmarkCall {
  /** The library call, as a missing object's message names it: `evaluate`. */
  readonly call: string;
  /** The command, as an untrusted module's message names it: `eval --run`. */
  readonly command: string;
  /** The model field whose object must be given again, when the call uses the run's model. */
  readonly modelField?: string;
  /** Other object fields (the run's module models) the call uses, to be given again. */
  readonly usesRunObject?: (field: string) => boolean;
}

/** The run's config, the config the benchmark came from, and the benchmark. */
export interface RunBenchmark {
  /** The run's saved config (secrets removed), or `undefined` without a run. */
  readonly runConfig: ForgeConfig | undefined;
  /** The run's config with the call's benchmark fields on top: what the benchmark was made of. */
  readonly benchmarkConfig: ForgeConfig;
  /** The benchmark: the object given, the program module, or the registered benchmark. */
  readonly benchmark: Benchmark;
}

/**
 * Loads the benchmark of a call that may re-read a run, in this order: the run's saved config
 * (refusing it unless the objects it needs are given again), the check that the modules it names
 * are named again or trusted (before anything is imported), the call's benchmark fields on top,
 * the provider modules registered, and the benchmark created.
 *
 * @throws ConfigError naming the run's `config.json`: an object not given again, or a module
 * that would run as code without being named again or trusted
 */
export async function loadRunBenchmark(
  request: RunBenchmarkRequest,
  objects: ObjectInputs,
  call: RunBenchmarkCall,
): Promise<RunBenchmark> {
  const runConfig = readRunConfigWithObjects(request.run, objects, call);
  if (runConfig !== undefined && request.run !== undefined)
    assertRunModulesTrusted(request.run, runConfig, request, {
      trust: request.trustRunModules,
      call: call.command,
    });
  const benchmarkConfig = withBenchmarkOverrides(runConfig, request);
  await registerConfigProviders(benchmarkConfig.providers);
  const { benchmark } = await loadConfiguredBenchmark(benchmarkConfig, objects.benchmark);
  return { runConfig, benchmarkConfig, benchmark };
}
