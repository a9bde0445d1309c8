import { type MethodResult, raiseAbortListenerLimit } from '@forge/method';
import type { SqliteRunStore } from '@forge/store';
import { auditLeakage, type LeakageAudit } from '@forge/synth';
import { openAnswerLedger } from './answer-ledger.js';
import type { PreparedRun } from './prepare-run.js';
import { createMethodContext, isForgeVariant } from './run-method-context.js';
import type { RunModels } from './run-models.js';
import type { ForgeEvent } from './sdk-events.js';

/**
 * Stage 6 of `optimize`: runs the method on the open run directory, then checks the synthetic
 * data it admitted against validation and test (the paper's D.2) unless `guards.audit` is false.
 */
export async function runMethod(options: {
  readonly prepared: PreparedRun;
  readonly models: RunModels;
  readonly store: SqliteRunStore;
  readonly runDir: string;
  readonly stopSignal?: AbortSignal | undefined;
  readonly abortSignal?: AbortSignal | undefined;
  readonly emit: (event: ForgeEvent) => void;
}): Promise<{ readonly result: MethodResult; readonly leakageAudit?: LeakageAudit }> {
  const { prepared, emit } = options;
  const { benchmark, splits } = prepared;
  // Every method's calls in flight (and the test split's after it) listen to the abort signal;
  // a method written without `raiseAbortListenerLimit` must not make Node warn of a leak.
  raiseAbortListenerLimit(options.abortSignal, prepared.sizedConfig.concurrency * 2);
  // Forge's core warns about broken contracts as it goes; for other methods the ledger does.
  const ledger = openAnswerLedger(options.store, {
    liveWarnings: !isForgeVariant(prepared.method.id),
  });
  const result = await prepared.method.run(
    createMethodContext({
      method: prepared.method,
      config: prepared.sizedConfig,
      settings: prepared.settings,
      benchmark,
      splits,
      models: options.models,
      store: options.store,
      runDir: options.runDir,
      ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      // Methods may emit richer events than the contract's (Forge's core does): pass them on.
      onEvent: (event) => {
        emit(event as ForgeEvent);
        if (event.type !== 'optimizer-answer') return;
        const warning = ledger.observe(event);
        if (warning !== undefined) emit(warning);
      },
    }),
  );
  if (result.syntheticInstances === undefined || prepared.sizedConfig.guards?.audit === false) {
    return { result };
  }
  const leakageAudit = auditLeakage({
    signature: benchmark.signature,
    synthetic: result.syntheticInstances,
    partitions: { validation: splits.validation, test: splits.test },
  });
  return { result, leakageAudit };
}
