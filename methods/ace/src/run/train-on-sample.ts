import { type EvaluatedExecution, type Instance, stripReasoning } from '@forge/program';
import { applyBulletTags } from '../playbook/apply-bullet-tags.js';
import { curatePlaybook } from '../playbook/curate-playbook.js';
import type { ParsedOperation } from '../playbook/curator-operation.js';
import { type Bullet, isVisibleTo, type Playbook } from '../playbook/playbook.js';
import { playbookTokens } from '../playbook/render-playbook.js';
import { parseCuration } from '../roles/curation.js';
import {
  curatorAddOnlySystemPrompt,
  curatorMessage,
  curatorSystemPrompt,
} from '../roles/curator-prompt.js';
import { readReferenceBulletTags } from '../roles/reference-bullet-tags.js';
import { parseReferenceCuration } from '../roles/reference-curation.js';
import { parseReflection, renderReflection } from '../roles/reflection.js';
import { reflectorMessage, reflectorSystemPrompt } from '../roles/reflector-prompt.js';
import { type AceRuntime, callUsage, evaluateWith, promptsFor, taskUsage } from './ace-runtime.js';
import type { CurationRecord, ReflectionRecord, SampleOutcome, UsageEntry } from './ace-state.js';

/** Where the sample sits in training. */
export interface SamplePosition {
  /** 1-based position in its epoch (the curator frequency counts it, as the reference does). */
  readonly sample: number;
  /** Samples per epoch. */
  readonly samples: number;
  /** 1-based epoch. */
  readonly epoch: number;
  /** Epochs configured. */
  readonly epochs: number;
}

/**
 * One ACE step on one training sample (the reference's `_train_single_sample`):
 * 1. the generator (the program with the playbook) answers;
 * 2. a right answer is reflected on once, to tag the bullets it used; a wrong one goes through up
 *    to `maxReflectionRounds` rounds of reflect → update the counters → answer again with the
 *    reflection, ending early as soon as the answer is right;
 * 3. on every `curatorFrequency`-th sample the curator turns the last reflection into a delta,
 *    which is applied, de-duplicated and held to the token budget;
 * 4. optionally the program answers once more with the curated playbook (post-curation check).
 * Pure in its inputs: the same playbook, sample and model answers give the same outcome.
 */
export async function trainOnSample(
  runtime: AceRuntime,
  playbook: Playbook,
  instance: Instance,
  position: SamplePosition,
): Promise<SampleOutcome> {
  const { settings } = runtime;
  const asReference = settings.profile === 'reference';
  const usage: UsageEntry[] = [];
  const reflections: ReflectionRecord[] = [];
  const answers: { role: string; text: string }[] = [];
  let operations: readonly unknown[] = [];
  let current = playbook;
  let evaluations = 0;
  const answer = async (target: string, reflection?: string) => {
    const [evaluated] = await evaluateWith(
      runtime,
      promptsFor(runtime, current, reflection),
      [instance],
      target,
    );
    evaluations += 1;
    usage.push(taskUsage([evaluated as EvaluatedExecution]));
    return evaluated as EvaluatedExecution;
  };
  const reflect = async (evaluated: EvaluatedExecution, round: number) => {
    const result = await runtime.reflector.generate({
      system: reflectorSystemPrompt,
      messages: [
        {
          role: 'user',
          content: reflectorMessage({
            bulletsShown: bulletsShown(current, evaluated),
            modules: runtime.modules,
            evaluated,
            useGroundTruth: settings.useGroundTruth,
          }),
        },
      ],
      metadata: { role: 'reflect' },
      ...(runtime.abortSignal === undefined ? {} : { abortSignal: runtime.abortSignal }),
    });
    usage.push(callUsage('reflect', result));
    answers.push({ role: 'reflect', text: result.text });
    const parsed = parseReflection(result.text, result.finishReason);
    if (asReference) {
      // The reference hands its curator and the next round the reflector's answer as written
      // (ace/ace.py:510, :534, :586) and reads the tags out of it whether or not the rest parses
      // (ace/core/reflector.py:124–148). A cut-off answer is never used half.
      const raw =
        !parsed.ok && parsed.code === 'truncated' ? '' : stripReasoning(result.text).trim();
      const read = readReferenceBulletTags(raw);
      const tagged = applyBulletTags(current, read.tags, { rewriteTaggedLines: true });
      current = tagged.playbook;
      reflections.push({
        round,
        ...(parsed.ok
          ? { outcome: 'parsed' as const }
          : { outcome: 'malformed' as const, reason: parsed.reason, code: parsed.code }),
        tags: tagged.counts,
        invalidTags: read.invalidTags,
      });
      return { forCurator: raw, forProgram: raw };
    }
    if (!parsed.ok) {
      reflections.push({
        round,
        outcome: 'malformed',
        reason: parsed.reason,
        code: parsed.code,
        tags: { helpful: 0, harmful: 0, neutral: 0, unknown: 0 },
        invalidTags: 0,
      });
      // As the reference does, an unreadable reflection still reaches the curator and the next
      // round as text; it only moves no counter. A cut-off answer is never used half.
      const raw = parsed.code === 'truncated' ? '' : stripReasoning(result.text).trim();
      return { forCurator: raw, forProgram: raw };
    }
    const tagged = applyBulletTags(current, parsed.reflection.bulletTags);
    current = tagged.playbook;
    reflections.push({
      round,
      outcome: 'parsed',
      tags: tagged.counts,
      invalidTags: parsed.invalidTags,
    });
    return {
      forCurator: renderReflection(parsed.reflection, { tags: true }),
      forProgram: renderReflection(parsed.reflection),
    };
  };

  let evaluated = await answer('generate');
  const first = evaluated;
  const initialScore = evaluated.evaluation.score;
  let rounds = 0;
  let corrected = false;
  let reflection: { forCurator: string; forProgram: string };
  if (initialScore === 1) {
    reflection = await reflect(evaluated, 0);
  } else {
    reflection = { forCurator: '', forProgram: '' };
    for (let round = 1; round <= settings.maxReflectionRounds; round++) {
      reflection = await reflect(evaluated, round);
      evaluated = await answer('regenerate', reflection.forProgram);
      rounds = round;
      if (evaluated.evaluation.score === 1) {
        corrected = true;
        break;
      }
    }
  }
  const finalScore = evaluated.evaluation.score;

  let curation: CurationRecord = { outcome: 'skipped' };
  const addOnly = settings.profile === 'reference';
  if (position.sample % settings.curatorFrequency === 0) {
    const result = await runtime.curator.generate({
      system: addOnly ? curatorAddOnlySystemPrompt : curatorSystemPrompt,
      messages: [
        {
          role: 'user',
          content: curatorMessage({
            playbook: current,
            tokens: playbookTokens(current),
            tokenBudget: settings.tokenBudget,
            reflection: reflection.forCurator === '' ? '(empty)' : reflection.forCurator,
            modules: runtime.modules,
            instance,
            progress: position,
            profile: settings.profile,
          }),
        },
      ],
      metadata: { role: 'curate' },
      ...(runtime.abortSignal === undefined ? {} : { abortSignal: runtime.abortSignal }),
    });
    usage.push(callUsage('curate', result));
    answers.push({ role: 'curate', text: result.text });
    const parsed = asReference
      ? parseReferenceCuration(result.text, result.finishReason)
      : parseCuration(result.text, result.finishReason);
    if (parsed.ok) operations = parsed.operations;
    if (!parsed.ok) {
      curation = { outcome: 'malformed', reason: parsed.reason, code: parsed.code };
    } else {
      const operations = addOnly ? parsed.operations.map(onlyAdd) : parsed.operations;
      const { playbook: curated, ...effect } = curatePlaybook(current, operations, {
        modules: runtime.modules.map((module) => module.name),
        dedup: settings.dedup,
        dedupThreshold: settings.dedupThreshold,
        tokenBudget: settings.tokenBudget,
        // The reference only tells the curator the budget (ace/core/curator.py's prompt).
        enforceTokenBudget: !addOnly,
        rules: addOnly ? 'reference' : 'forge',
      });
      current = curated;
      curation = { outcome: 'applied', ...effect };
    }
  }

  const afterCuration = settings.evaluateAfterCuration ? await answer('post-curation') : undefined;
  const postScore = afterCuration === undefined ? null : afterCuration.evaluation.score;
  return {
    instanceId: instance.id,
    evaluations,
    initialScore,
    finalScore,
    postScore,
    rounds,
    corrected,
    reflections,
    curation,
    playbook: current,
    usage,
    transcript: {
      answers,
      operations,
      first,
      ...(afterCuration === undefined ? {} : { afterCuration }),
    },
  };
}

/** Under the `reference` profile an operation other than ADD is refused, as the reference's code does. */
function onlyAdd(operation: ParsedOperation): ParsedOperation {
  return operation.type === 'ADD' || operation.type === 'INVALID'
    ? operation
    : {
        type: 'INVALID',
        named: operation.type,
        reason: 'unsupported-operation',
        detail: `${operation.type} is not applied under profile reference (ADD only)`,
      };
}

/**
 * The bullets an attempt was shown: those visible to any module its trace invoked. The program
 * does not cite bullet ids the way the reference's generator does, so every bullet in the
 * prompts it read counts as used.
 */
export function bulletsShown(playbook: Playbook, evaluated: EvaluatedExecution): Bullet[] {
  const invoked = new Set(evaluated.execution.trace.map((entry) => entry.module));
  return playbook.bullets.filter((bullet) =>
    [...invoked].some((module) => isVisibleTo(bullet, module)),
  );
}
