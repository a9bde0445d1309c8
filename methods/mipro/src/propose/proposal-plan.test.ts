import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { toyBenchmark, toyInstances } from '../__fixtures__/mipro-toy.js';
import { parseMiproSettings } from '../settings/mipro-settings.js';
import {
  applyProposalAnswer,
  initialProposalState,
  nextProposalCall,
  type ProposalInputs,
  type ProposalState,
} from './proposal-plan.js';

const inputs = (overrides: Partial<ProposalInputs> = {}): ProposalInputs => ({
  program: toyBenchmark.program,
  signature: toyBenchmark.signature,
  train: toyInstances('t', 95),
  demoSets: [
    { kind: 'zero-shot', demos: {}, bootstrapped: {} },
    { kind: 'labelled', demos: {}, bootstrapped: {} },
    {
      kind: 'bootstrapped',
      demos: { answer: [{ input: { category: 'a', value: 1 }, output: { answer: 'a:1' } }] },
      bootstrapped: { answer: 1 },
    },
  ],
  example: undefined,
  instructionCount: 3,
  tipOf: () => 'simple',
  settings: parseMiproSettings({}),
  ...overrides,
});

/** Runs the stage to its end with an answer per call, returning the calls made. */
function drive(answer: (kind: string, index: number) => string, given = inputs()) {
  let state: ProposalState = initialProposalState();
  const calls: string[] = [];
  for (
    let call = nextProposalCall(state, given);
    call !== undefined;
    call = nextProposalCall(state, given)
  ) {
    calls.push(call.name);
    state = applyProposalAnswer(state, call, answer(call.kind, calls.length), () => 'Answer.');
  }
  return { state, calls };
}

describe('the proposal stage', () => {
  it('observes ten batches at most, summarizes, describes, then proposes slot by slot', () => {
    const { state, calls } = drive((kind, index) =>
      kind === 'observe'
        ? `<observations>note ${index}</observations>`
        : kind === 'propose'
          ? `<proposed_instruction>Answer. v${index}</proposed_instruction>`
          : `<${kind === 'summarize' ? 'summary' : kind === 'describe-program' ? 'program_description' : 'module_description'}>x</${kind === 'summarize' ? 'summary' : kind === 'describe-program' ? 'program_description' : 'module_description'}>`,
    );
    expect(calls).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `observe ${index + 1}`),
      'summarize',
      'describe program',
      'describe answer',
      'propose answer 1',
      'propose answer 2',
    ]);
    expect(state.observations).toHaveLength(10);
    expect(state.instructions['answer']).toEqual(['Answer. v14', 'Answer. v15']);
  });

  it('stops observing after five COMPLETE answers and falls back to the observations', () => {
    const { state, calls } = drive((kind) =>
      kind === 'observe' ? '<observations>COMPLETE</observations>' : 'no block',
    );
    // The first batch's COMPLETE adds nothing; five later ones end the observations.
    expect(calls.filter((name) => name.startsWith('observe'))).toHaveLength(6);
    expect(calls).not.toContain('summarize');
    expect(state.dataSummary).toBeUndefined();
    expect(state.noOps.map((noOp) => noOp.call)).toEqual([
      'describe program',
      'describe answer',
      'propose answer 1',
      'propose answer 2',
    ]);
  });

  it('drops a proposal that repeats the seed prompt or an earlier one', () => {
    const { state } = drive((kind) =>
      kind === 'propose'
        ? '<proposed_instruction>Answer.</proposed_instruction>'
        : '<observations>o</observations><summary>s</summary>',
    );
    expect(state.instructions['answer']).toBeUndefined();
    expect(state.noOps.filter((noOp) => noOp.reason.includes('repeats'))).toHaveLength(2);
  });

  it('grounds a proposal on its demo set’s bootstrapped demonstrations and leaves out what is off', () => {
    const given = inputs({
      settings: parseMiproSettings({ dataAware: false, programAware: false, tipAware: false }),
    });
    const { calls } = drive(() => '<proposed_instruction>x</proposed_instruction>', given);
    expect(calls).toEqual(['propose answer 1', 'propose answer 2']);
    const state = applyProposalAnswer(
      initialProposalState(),
      nextProposalCall(initialProposalState(), given) as NonNullable<
        ReturnType<typeof nextProposalCall>
      >,
      '<proposed_instruction>y</proposed_instruction>',
      () => 'Answer.',
    );
    const second = nextProposalCall(state, given);
    expect(second?.user.startsWith('# Module\n\n`answer`')).toBe(true);
    expect(second?.user).toContain('# Task Demonstrations\n\n## Demonstration 1');
    expect(second?.user).not.toContain('# Tip');
    expect(second?.user).not.toContain('# Dataset Summary');
  });
});

describe('demonstrations shown to a proposal', () => {
  // Skip the data and description calls: answer them, then read the first proposal (slot 1,
  // the labelled-only demo set, which has no bootstrapped demonstrations).
  const firstProposal = (settings: ReturnType<typeof parseMiproSettings>) => {
    const given = inputs({ settings });
    let state: ProposalState = initialProposalState();
    for (let call = nextProposalCall(state, given); call !== undefined; ) {
      if (call.kind === 'propose') return call;
      state = applyProposalAnswer(state, call, '<summary>x</summary>', () => 'Answer.');
      call = nextProposalCall(state, given);
    }
    throw new Error('no proposal call');
  };
  const settings = { dataAware: false, programAware: false, tipAware: false } as const;

  it("paper: only its own demo set's bootstrapped demonstrations (none for slot 1)", () => {
    const call = firstProposal(parseMiproSettings(settings));
    expect(call.slot).toBe(1);
    expect(call.user).not.toContain('a:1');
  });

  it("reference: DSPy's gathering from the following and preceding sets", () => {
    const call = firstProposal(parseMiproSettings({ ...settings, profile: 'reference' }));
    expect(call.slot).toBe(1);
    expect(call.user).toContain('a:1');
  });
});

describe('proposal answers as real models return them', () => {
  const given = inputs({
    settings: parseMiproSettings({ dataAware: false, programAware: false, tipAware: false }),
  });
  const call = nextProposalCall(initialProposalState(), given) as NonNullable<
    ReturnType<typeof nextProposalCall>
  >;
  const answer = '<proposed_instruction>Answer briefly.</proposed_instruction>';

  it.each(['reasoning', 'chatter', 'fence'] as const)(
    'takes the instruction through %s',
    (form) => {
      const spoiled = misbehave(answer, form);
      const state = applyProposalAnswer(
        initialProposalState(),
        call,
        spoiled.text,
        () => 'Answer.',
        spoiled.finishReason,
      );
      expect(state.noOps).toEqual([]);
      expect(state.instructions['answer']).toEqual(['Answer briefly.']);
    },
  );

  it.each(['truncated', 'empty'] as const)('makes a %s answer a no-op naming it', (form) => {
    const spoiled = misbehave(answer, form);
    const state = applyProposalAnswer(
      initialProposalState(),
      call,
      spoiled.text,
      () => 'Answer.',
      spoiled.finishReason,
    );
    expect(state.instructions['answer'] ?? []).toEqual([]);
    expect(state.noOps[0]?.reason).toContain(form === 'empty' ? 'answer-empty' : 'truncated');
  });
});
