import {
  checkCheckpointHeader,
  createLimiter,
  type MethodContext,
  type MethodResult,
  raiseAbortListenerLimit,
  validationPassRecord,
} from '@forge/method';
import type { Instance } from '@forge/program';
import { stepMetadata, withCallMetadata } from '@forge/provider';
import type { AceSettings } from '../ace-settings.js';
import { createPlaybook } from '../playbook/playbook.js';
import { announceCandidate, announceSample } from './ace-events.js';
import { candidateRecord, sampleRecords, stopRecord } from './ace-records.js';
import { aceResult } from './ace-result.js';
import { type AceRuntime, evaluateWith, promptsFor, taskUsage } from './ace-runtime.js';
import type { AceState } from './ace-state.js';
import { epochOrder } from './epoch-order.js';
import { type AceAction, reduceAce, seedState } from './reduce-ace.js';
import { budgetStopReason, limitReached, naturalStop } from './stop-rules.js';
import { trainOnSample } from './train-on-sample.js';

/** Version of the saved state's shape. */
export const aceFormatVersion = 1;

/**
 * Runs (or resumes) ACE's offline adaptation: validate the seed, then train on the training
 * split sample by sample for `numEpochs` epochs, validating the playbook at each epoch's end (and
 * every `evalSteps` samples), until the epochs are done, an epoch changes no bullet, or a stop
 * rule fires. Every unit of work ends with the whole state saved; the playbook returned is the
 * validated one with the highest mean validation score (earliest on ties).
 */
export async function runAce(context: MethodContext, settings: AceSettings): Promise<MethodResult> {
  // Task calls and reflector/curator calls in flight each listen to the abort signal.
  raiseAbortListenerLimit(context.abortSignal, context.concurrency * 2);
  const started = context.clock();
  const { program } = context.benchmark;
  const header = {
    method: 'ace',
    formatVersion: aceFormatVersion,
    identity: {
      seed: context.seed,
      // Runs saved before profiles existed were `paper` runs and stay resumable.
      settings: settings.profile === 'paper' ? withoutProfile(settings) : settings,
      modules: program.modules.map((module) => module.name),
      seedPrompts: context.seedCandidate.prompts,
      trainingIds: context.train.map((instance) => instance.id),
      validationIds: context.validation.map((instance) => instance.id),
      // `reference` runs follow ace-agent/ace more closely since revision 2 (the curation's
      // parsing and rules, the tags, the curator's view, every due validation pass): a run saved
      // by revision 1 does not resume under 2.
      ...(settings.profile === 'reference' ? { referenceRevision: 2 } : {}),
    },
  };
  const validationIds = context.validation.map((instance) => instance.id);
  const checkpoints = context.storage.checkpoints;
  const saved = await checkpoints.load();
  if (saved === undefined) await checkpoints.initialize(header);
  else checkCheckpointHeader(saved.header, header);

  let step: number | null = null;
  const runtime: AceRuntime = {
    program,
    evaluate: context.benchmark.evaluate,
    modules: program.modules,
    seedPrompts: context.seedCandidate.prompts,
    // Every call carries the step its events name (read at the call: `step` moves).
    taskModel: withCallMetadata(context.models.task, () => stepMetadata(step)),
    reflector: withCallMetadata(context.models.optimizer('reflect'), () => stepMetadata(step)),
    curator: withCallMetadata(context.models.optimizer('curate'), () => stepMetadata(step)),
    settings,
    limit: createLimiter(context.concurrency),
    ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
    onEvaluated: (target, evaluated) =>
      context.onEvent({
        type: 'evaluation-end',
        step,
        target,
        instanceId: evaluated.instance.id,
        score: evaluated.evaluation.score,
      }),
  };
  const note = (kind: string, message: string, data?: Record<string, unknown>) =>
    context.onEvent({
      type: 'method-note',
      method: 'ace',
      kind,
      message,
      ...(step === null ? {} : { step }),
      ...(data === undefined ? {} : { data }),
    });
  const validate = async () => {
    const evaluated = await evaluateWith(
      runtime,
      promptsFor(runtime, state?.playbook ?? createPlaybook(settings.sections)),
      context.validation,
      'validation',
    );
    return {
      scores: evaluated.map((item) => item.evaluation.score),
      usage: [taskUsage(evaluated)],
      evaluated,
    };
  };

  let state = saved?.state as AceState | undefined;
  context.onEvent({
    type: 'run-start',
    resumed: state !== undefined,
    step: state?.step ?? 0,
    evaluationsUsed: state?.evaluationsUsed ?? 0,
    maxEvaluations: context.budget.maxEvaluations,
    trainingSize: context.train.length,
    validationSize: context.validation.length,
    modules: program.modules.map((module) => module.name),
  });
  if (state === undefined) {
    const seed = await validate();
    state = seedState(createPlaybook(settings.sections), seed.scores, seed.usage);
    const candidate = state.candidates[0];
    await checkpoints.save({
      state,
      records:
        candidate === undefined
          ? []
          : [
              candidateRecord(candidate, 0, promptsFor(runtime, candidate.playbook), validationIds),
              validationPassRecord(candidate.index, null, seed.evaluated),
            ],
    });
    announceCandidate(context, state);
  }

  const commit = async (
    action: AceAction,
    records: (before: AceState, after: AceState) => ReturnType<typeof sampleRecords>,
  ) => {
    const before = state as AceState;
    const after = reduceAce(before, action);
    await checkpoints.save({ state: after, records: records(before, after) });
    state = after;
    return { before, after };
  };
  const validateNow = async (origin: 'epoch-end' | 'eval-steps' | 'final') => {
    const current = state as AceState;
    const last = current.candidates[current.candidates.length - 1];
    // The reference validates whenever a pass falls due, changed or not (ace/ace.py:736–756).
    if (
      settings.profile === 'paper' &&
      last !== undefined &&
      samePrompts(promptsFor(runtime, last.playbook), promptsFor(runtime, current.playbook))
    ) {
      // A final pass of an unchanged playbook is not needed and not recorded, so resuming a run
      // a stop rule ended changes nothing.
      if (origin === 'final') return;
      await commit({ type: 'validation-skipped' }, () => []);
      note(
        'validation-skipped',
        `the playbook is unchanged since candidate ${last.index}; no validation pass`,
      );
      return;
    }
    const { evaluated, ...pass } = await validate();
    const { after } = await commit(
      { type: 'playbook-validated', origin, ...pass },
      (_before, next) => {
        const candidate = next.candidates[next.candidates.length - 1];
        return candidate === undefined
          ? []
          : [
              candidateRecord(
                candidate,
                next.best,
                promptsFor(runtime, candidate.playbook),
                validationIds,
              ),
              validationPassRecord(candidate.index, candidate.step, evaluated),
            ];
      },
    );
    announceCandidate(context, after);
  };

  let stopReason: string | undefined;
  for (;;) {
    const current = state as AceState;
    step = current.step;
    if (current.finished !== null) {
      stopReason = current.finished;
      break;
    }
    if (current.validationDue !== null) {
      await validateNow(current.validationDue);
      continue;
    }
    const natural = naturalStop(current, settings);
    if (natural !== undefined) {
      await commit({ type: 'run-finished', reason: natural }, (_before, after) => [
        stopRecord(after, natural),
      ]);
      note(natural.startsWith('converged') ? 'early-stop' : 'epochs-completed', natural);
      stopReason = natural;
      break;
    }
    if (context.stopSignal?.aborted) {
      stopReason = 'stop requested';
      break;
    }
    const limit = limitReached(context, current, settings, started);
    if (limit !== undefined) {
      // The budget check reserved one validation pass, so the last playbook can be validated.
      // The reference validates on its `eval_steps` schedule only.
      if (
        settings.profile === 'paper' &&
        current.evaluationsUsed + context.validation.length <= context.budget.maxEvaluations
      ) {
        await validateNow('final');
      }
      // Worded after the final pass, so a resumed run that stops here again says the same.
      stopReason =
        limit.rule === 'evaluation-budget'
          ? budgetStopReason(context, state as AceState, settings)
          : limit.reason;
      break;
    }
    const order = epochOrder(context.train, {
      seed: context.seed,
      epoch: current.epoch,
      shuffle: settings.shuffle,
    });
    const instance = order[current.position] as Instance;
    const outcome = await trainOnSample(runtime, current.playbook, instance, {
      sample: current.position + 1,
      samples: context.train.length,
      epoch: current.epoch + 1,
      epochs: settings.numEpochs,
    });
    const { after } = await commit(
      {
        type: 'sample-trained',
        outcome,
        epochSize: context.train.length,
        evalSteps: settings.evalSteps,
        validateAtEpochEnd: settings.profile === 'paper',
      },
      (before, next) => sampleRecords(before, next, outcome),
    );
    announceSample(context, after, current.step, outcome, note);
  }
  return aceResult(context, runtime, state as AceState, stopReason);
}

function samePrompts(
  left: Readonly<Record<string, string>>,
  right: Readonly<Record<string, string>>,
): boolean {
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

function withoutProfile(settings: AceSettings): Omit<AceSettings, 'profile'> {
  const { profile: _profile, ...rest } = settings;
  return rest;
}
