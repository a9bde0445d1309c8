import { checkRunData } from './check-run-data.js';
import { evaluateTestSplit } from './evaluate-test-split.js';
import { failRun, finishRun } from './finish-run.js';
import { openRunTelemetry } from './open-run-telemetry.js';
import type { OptimizeConfig, OptimizeOptions, OptimizeResult } from './optimize-options.js';
import { prepareRun } from './prepare-run.js';
import { readOptimizeConfig } from './read-optimize-config.js';
import { checkRunModels, openRunModels } from './resolve-run-models.js';
import { runMethod } from './run-method.js';
import type { RunModels } from './run-models.js';
import type { ForgeEvent } from './sdk-events.js';
import { warnOnZeroSeed } from './seed-score-warning.js';
import { openRun, recordRunStart } from './start-run.js';

export {
  type OptimizeConfig,
  type OptimizeOptions,
  type OptimizeResult,
  optimizeModelFields,
  type RunSuiteCell,
  type TelemetryTracer,
} from './optimize-options.js';

/**
 * Runs a method (Forge's variants, or any registered `Method`) on a benchmark or a user program:
 * validates the config, loads the data, checks it against the program's schemas and checks every
 * model's settings before anything is written or any model is called; then opens (or resumes)
 * the run directory, runs the method, evaluates the seed and the best candidate on the test split
 * (reporting only), and writes the artifacts and the report.
 *
 * Each stage is a function of its own, in the order they run: `readOptimizeConfig` (load
 * config) → `prepareRun` (method and data) → `checkRunData` (every instance against the
 * program's schemas) → `checkRunModels` (resolve models) → `openRun` (open store) →
 * `openRunTelemetry` (when asked for) → `openRunModels` and `recordRunStart` → `runMethod` →
 * `evaluateTestSplit`
 * (test) → `finishRun` (artifacts), or `failRun` when a stage throws.
 */
export async function optimize<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
>(
  input: OptimizeConfig<Input, Gold, Output>,
  options: OptimizeOptions = {},
): Promise<OptimizeResult> {
  // A typed program's types are checked at the call; inside, programs and instances are untyped.
  const loaded = readOptimizeConfig(input as unknown as OptimizeConfig, options);
  const prepared = await prepareRun(loaded, options.configFile);
  checkRunData(prepared);
  const environment = checkRunModels(loaded, prepared, options.environment);
  let telemetry: Awaited<ReturnType<typeof openRunTelemetry>>;
  const emit = (event: ForgeEvent) => {
    telemetry?.observe(event);
    options.onEvent?.(event);
  };
  const { runDir, store } = openRun(loaded, prepared, emit);
  const signals = {
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  };
  let models: RunModels | undefined;
  try {
    telemetry = await openRunTelemetry({
      loaded,
      prepared,
      runDir,
      tracer: options.tracer,
      environment,
      emit,
    });
    models = openRunModels({ loaded, prepared, environment, store, emit, telemetry });
    const { simulated } = recordRunStart({
      runDir,
      store,
      loaded,
      prepared,
      models,
      emit,
      ...(options.suiteCell === undefined ? {} : { suiteCell: options.suiteCell }),
    });
    const run = {
      prepared,
      models,
      store,
      runDir,
      emit: warnOnZeroSeed(emit, { benchmark: prepared.benchmark.id, simulated }),
      ...signals,
    };
    const { result, leakageAudit } = await runMethod(run);
    const testScores = await evaluateTestSplit({ ...run, result });
    return await finishRun({ ...run, result, leakageAudit, testScores, simulated });
  } catch (error) {
    failRun({
      error,
      runDir,
      store,
      method: loaded.config.method,
      maxEvaluations: loaded.config.budget.maxEvaluations,
      models,
      aborted: options.abortSignal?.aborted === true,
      emit,
    });
    throw error;
  } finally {
    await store.backup?.settle();
    models?.close();
    store.close();
    // The last spans are exported (a bounded wait) after the run's own files are safe.
    await telemetry?.close();
  }
}
