import { optimizerAnswer, proposalRecord } from '@forge/method';
import { createRandom } from '@forge/program';
import {
  applyProposalAnswer,
  failProposalCall,
  nextProposalCall,
  type ProposalCall,
  type ProposalInputs,
} from '../propose/proposal-plan.js';
import { proposalTipKeys } from '../propose/proposal-tips.js';
import { miproPresets } from '../settings/mipro-presets.js';
import type { MiproSettings } from '../settings/mipro-settings.js';
import { errorText } from './error-text.js';
import { addUsage, type MiproRun } from './mipro-run.js';

/** Demo sets per module (N), from the preset or the `candidates` setting. */
export function candidateCount(settings: MiproSettings): number {
  return settings.candidates ?? miproPresets[settings.auto].candidates;
}

/**
 * Instruction candidates per module, the seed prompt included: a preset's N/2 when demos are
 * searched too (the reference spends more of the search on demos; mipro_optimizer_v2.py:312), N
 * zero-shot or when `candidates` is given (`num_candidates` sets both counts, :85–86), never more
 * than there are demo sets (proposal i is grounded on demo set i).
 */
export function instructionCount(settings: MiproSettings, demoSets: number): number {
  const candidates = candidateCount(settings);
  const zeroShot = settings.maxBootstrappedDemos === 0 && settings.maxLabeledDemos === 0;
  const halved = !zeroShot && settings.candidates === undefined;
  return Math.max(1, Math.min(halved ? Math.floor(candidates / 2) : candidates, demoSets));
}

/** The instruction candidates of each module: its seed prompt, then the accepted proposals. */
export function instructionsOf(run: MiproRun): Record<string, string[]> {
  return Object.fromEntries(
    run.context.benchmark.program.modules.map((module) => [
      module.name,
      [module.seedPrompt, ...(run.state.proposal.instructions[module.name] ?? [])],
    ]),
  );
}

/**
 * The proposal stage: data observations and their summary, the program and module
 * descriptions, then instruction proposals, one call at a time with a save after each. When the
 * optimizer budget runs out the remaining calls are skipped and the search uses what exists.
 */
export async function runProposePhase(run: MiproRun): Promise<string | undefined> {
  if (run.state.phase !== 'propose') return undefined;
  const { context, settings } = run;
  const program = context.benchmark.program;
  const demoSets = run.state.demoSets ?? [];
  const bootstrap = run.state.bootstrap;
  const exampleInstance = context.train.find(
    (instance) => instance.id === bootstrap.example?.instanceId,
  );
  const inputs: ProposalInputs = {
    program,
    signature: context.benchmark.signature,
    train: context.train,
    demoSets,
    example:
      exampleInstance === undefined || bootstrap.example === undefined
        ? undefined
        : { instance: exampleInstance, trace: bootstrap.example.trace },
    instructionCount: instructionCount(settings, demoSets.length),
    tipOf: (module, slot) =>
      createRandom(context.seed, 'mipro', 'tip', module, slot).pick(proposalTipKeys),
    settings,
  };
  const seedPrompt = (module: string) =>
    program.modules.find((entry) => entry.name === module)?.seedPrompt ?? '';
  let skipped: string | undefined;
  for (;;) {
    const call = nextProposalCall(run.state.proposal, inputs);
    if (call === undefined) break;
    const stop = run.stopRequested();
    if (stop !== undefined) return stop;
    skipped = optimizerBudgetReached(run);
    if (skipped !== undefined) break;
    const answered = await callProposer(run, call);
    if (answered === undefined) continue;
    const { text, finishReason, usage } = answered;
    const proposal = applyProposalAnswer(
      run.state.proposal,
      call,
      text,
      seedPrompt,
      finishReason,
      settings.profile,
    );
    const accepted = proposal.noOps.length === run.state.proposal.noOps.length;
    const unusable = accepted ? undefined : unusableCode(proposal.noOps.at(-1)?.reason ?? '');

    await run.commit({ ...run.state, proposal, usage: addUsage(run.state.usage, usage) }, [
      {
        kind: 'proposal-call',
        step: null,
        data: {
          call: call.name,
          contract: call.kind,
          ...(call.module === undefined ? {} : { module: call.module }),
          ...(call.slot === undefined ? {} : { slot: call.slot }),
          ...(call.tip === undefined ? {} : { tip: call.tip }),
          accepted,
          ...(accepted ? {} : { reason: proposal.noOps.at(-1)?.reason }),
        },
      },
      ...(call.kind === 'propose' && call.module !== undefined
        ? [
            proposalRecord({
              // Instruction proposals come before the trials: numbered in the order they were made.
              step:
                Object.values(run.state.proposal.instructions).flat().length +
                run.state.proposal.noOps.length,
              parent: 0,
              module: call.module,
              kind: 'instruction',
              outcome: accepted ? 'accepted' : 'no-op',
              ...(accepted
                ? {}
                : { noOpReason: proposal.noOps.at(-1)?.reason ?? 'unusable answer' }),
              minibatch: [],
              parentScores: [],
              parentPrompt: seedPrompt(call.module),
              ...(accepted
                ? { proposedPrompt: proposal.instructions[call.module]?.at(-1) ?? '' }
                : {}),
              answers: [{ role: 'propose', text }],
              details: [
                `${call.name}: instruction candidate for ${call.module}${call.tip === undefined ? '' : `, tip "${call.tip}"`}; the search (TPE) pairs it with demo sets in the trials below`,
              ],
            }),
          ]
        : []),
    ]);
    // After the commit: a resumed run does not count this answer again.
    run.emit(
      optimizerAnswer({
        role: 'propose',
        reason: unusable,
        contract:
          'one block of the tag its request names (<observations>, <proposed_instruction>, …)',
        text,
      }),
    );
    if (!accepted) {
      run.note(
        'proposal-no-op',
        `${call.name}: ${proposal.noOps.at(-1)?.reason ?? 'unusable answer'}`,
      );
    }
  }
  const instructions = instructionsOf(run);
  await run.commit({ ...run.state, phase: 'search' }, [
    {
      kind: 'instructions',
      step: null,
      data: {
        ...(run.state.proposal.dataSummary === undefined
          ? {}
          : { dataSummary: run.state.proposal.dataSummary }),
        ...(run.state.proposal.programDescription === undefined
          ? {}
          : { programDescription: run.state.proposal.programDescription }),
        moduleDescriptions: run.state.proposal.moduleDescriptions,
        instructions,
        noOps: run.state.proposal.noOps,
        ...(skipped === undefined ? {} : { skipped }),
      },
    },
  ]);
  const counts = Object.entries(instructions).map(([module, list]) => `${module} ${list.length}`);
  run.note(
    'instructions-proposed',
    `instruction candidates (seed prompt included): ${counts.join(', ')}${skipped === undefined ? '' : ` — ${skipped}`}`,
    {
      instructions: Object.fromEntries(Object.entries(instructions).map(([m, l]) => [m, l.length])),
    },
  );
  return undefined;
}

/**
 * Makes one proposal-stage call. Under `reference` a grounding call that raises (not an
 * abort) drops its ground and the stage goes on, as DSPy's handlers do (grounded_proposer.py:
 * 294–303, :222–225; dataset_summary_generator.py:82–84): the failure is saved and noted, and
 * undefined returned. Anything else that raises ends the run, as an instruction proposal that
 * raises ends DSPy's (no handler around grounded_proposer.py:400–410).
 */
async function callProposer(
  run: MiproRun,
  call: ProposalCall,
): Promise<Awaited<ReturnType<MiproRun['propose']>> | undefined> {
  const request = {
    system: call.system,
    messages: [{ role: 'user' as const, content: call.user }],
    ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
    // Proposals for different slots are distinct samples even when their requests are equal.
    metadata: { role: 'propose', ...(call.slot === undefined ? {} : { sampleIndex: call.slot }) },
  };
  if (run.settings.profile !== 'reference' || call.kind === 'propose') {
    return run.propose(request);
  }
  try {
    return await run.propose(request);
  } catch (error) {
    if (run.context.abortSignal?.aborted === true) throw error;
    const reason = `the call raised: ${errorText(error)}`;
    const proposal = failProposalCall(run.state.proposal, call, reason);
    await run.commit({ ...run.state, proposal }, [
      {
        kind: 'proposal-call',
        step: null,
        data: {
          call: call.name,
          contract: call.kind,
          ...(call.module === undefined ? {} : { module: call.module }),
          accepted: false,
          reason,
          error: true,
        },
      },
    ]);
    run.note('proposal-call-failed', `${call.name}: ${reason}; going on without it`);
    return undefined;
  }
}

function optimizerBudgetReached(run: MiproRun): string | undefined {
  const limit = run.context.budget.maxOptimizerCost;
  const spent = run.state.usage['propose'];
  if (limit === undefined || spent === undefined) return undefined;
  if (limit.usd !== undefined && spent.costUsd >= limit.usd) {
    return `optimizer cost limit reached (USD ${spent.costUsd.toFixed(4)}): remaining proposal calls skipped`;
  }
  if (limit.tokens !== undefined && spent.inputTokens + spent.outputTokens >= limit.tokens) {
    return 'optimizer token limit reached: remaining proposal calls skipped';
  }
  return undefined;
}

/**
 * The answer-accounting code of a proposal no-op: the kind of block problem, or undefined for an
 * answer that followed its contract but repeats an instruction already proposed (a no-op of the
 * search, not of the model).
 */
function unusableCode(reason: string): string | undefined {
  if (reason.startsWith('the instruction repeats')) return undefined;
  for (const [ending, code] of [
    ['truncated', 'truncated'],
    ['answer-empty', 'empty'],
    ['block empty', 'empty-block'],
    ['missing', 'no-block'],
    ['unclosed', 'unclosed-block'],
    ['multiple', 'multiple-blocks'],
  ] as const) {
    if (reason.includes(ending)) return code;
  }
  return 'invalid-answer';
}
