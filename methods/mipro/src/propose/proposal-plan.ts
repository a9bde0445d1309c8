import {
  type Demonstration,
  extractXmlBlock,
  type Instance,
  type Program,
  readModelAnswer,
  type Signature,
  type TraceEntry,
  type XmlBlockResult,
} from '@forge/program';
import type { DemoSet } from '../bootstrap/assemble-demo-sets.js';
import type { MiproSettings } from '../settings/mipro-settings.js';
import {
  describeModuleMessage,
  describeProgramMessage,
  observeMessage,
  observeMoreMessage,
  proposeMessage,
  summarizeMessage,
} from './proposal-messages.js';
import {
  describeModuleSystemPrompt,
  describeProgramSystemPrompt,
  observeSystemPrompt,
  proposeSystemPrompt,
  summarizeSystemPrompt,
} from './proposal-system-prompts.js';
import { type ProposalTip, proposalTips } from './proposal-tips.js';

/** Observation calls at most (the reference's cap), and COMPLETE answers that end them early. */
const maxObservationCalls = 10;
const completesToStop = 5;

/** Where the proposal stage stands: plain data, saved after every call. */
export interface ProposalState {
  /** Observations accepted so far, in order. */
  readonly observations: readonly string[];
  /** Observation calls made. */
  readonly observeCalls: number;
  /** Later observation calls answered COMPLETE. */
  readonly completes: number;
  /** The data summary, once written (or the observations themselves when the summary failed). */
  readonly dataSummary?: string;
  /** True once the summary step is done (or skipped). */
  readonly summarized: boolean;
  /** The program description, when one was written. */
  readonly programDescription?: string;
  /** True once the program description step is done. */
  readonly programDescribed: boolean;
  /** Module descriptions written so far, by module. */
  readonly moduleDescriptions: Readonly<Record<string, string>>;
  /** Module description calls made. */
  readonly modulesDescribed: number;
  /** Instruction proposals made (an index into the proposal list). */
  readonly proposalsMade: number;
  /** Proposed instructions by module, in order (the seed prompt is not among them). */
  readonly instructions: Readonly<Record<string, readonly string[]>>;
  /** Calls whose answer was unusable, with why. */
  readonly noOps: readonly { readonly call: string; readonly reason: string }[];
}

/** The empty proposal state. */
export function initialProposalState(): ProposalState {
  return {
    observations: [],
    observeCalls: 0,
    completes: 0,
    summarized: false,
    programDescribed: false,
    moduleDescriptions: {},
    modulesDescribed: 0,
    proposalsMade: 0,
    instructions: {},
    noOps: [],
  };
}

/** Everything the proposal stage reads. */
export interface ProposalInputs {
  /** The program whose modules get instructions. */
  readonly program: Program;
  /** The task's signature (for the program description). */
  readonly signature: Signature;
  /** The training instances the data observer sees, in order. */
  readonly train: readonly Instance[];
  /** The demo sets; proposal slot i is grounded on set i. */
  readonly demoSets: readonly DemoSet[];
  /** One run of the seed program, for the program description. */
  readonly example:
    | { readonly instance: Instance; readonly trace: readonly TraceEntry[] }
    | undefined;
  /** Instruction candidates per module, the seed prompt included. */
  readonly instructionCount: number;
  /** The tip of each proposal, by module and slot (slots start at 1; slot 0 is the seed prompt). */
  readonly tipOf: (module: string, slot: number) => ProposalTip;
  /** Which grounds proposals get, and how much data each call sees. */
  readonly settings: Pick<
    MiproSettings,
    | 'profile'
    | 'viewDataBatchSize'
    | 'demosInProposal'
    | 'programAware'
    | 'dataAware'
    | 'tipAware'
    | 'fewshotAware'
  >;
}

/** One model call of the proposal stage. */
export interface ProposalCall {
  /** Which contract. */
  readonly kind: 'observe' | 'summarize' | 'describe-program' | 'describe-module' | 'propose';
  /** A readable name for records (`observe 2`, `propose final_answer 3`). */
  readonly name: string;
  /** The call's system prompt. */
  readonly system: string;
  /** The call's user message (the contract's fixed layout). */
  readonly user: string;
  /** The module a description or proposal is about. */
  readonly module?: string;
  /** The instruction slot a proposal fills (≥ 1). */
  readonly slot?: number;
  /** The tip a proposal was given. */
  readonly tip?: ProposalTip;
}

/** The proposals to make, in order: every module in declaration order, slots 1 … count − 1. */
export function proposalSlots(inputs: ProposalInputs): { module: string; slot: number }[] {
  return inputs.program.modules.flatMap((module) =>
    Array.from({ length: Math.max(0, inputs.instructionCount - 1) }, (_, index) => ({
      module: module.name,
      slot: index + 1,
    })),
  );
}

/**
 * The next call of the proposal stage, or undefined when it is done: data observations (the
 * first batch, then later batches until ten calls, the data's end or five COMPLETE answers), the
 * summary, the program and module descriptions, then one proposal per module and slot.
 */
export function nextProposalCall(
  state: ProposalState,
  inputs: ProposalInputs,
): ProposalCall | undefined {
  const { settings } = inputs;
  const size = settings.viewDataBatchSize;
  if (settings.dataAware && !state.summarized) {
    const call = state.observeCalls;
    const start = call * size;
    const more =
      call < maxObservationCalls &&
      start < inputs.train.length &&
      state.completes < completesToStop;
    if (call === 0 || more) {
      const batch = inputs.train.slice(start, start + size);
      const user =
        call === 0 || state.observations.length === 0
          ? observeMessage(batch)
          : observeMoreMessage(state.observations.join('\n\n'), batch);
      return { kind: 'observe', name: `observe ${call + 1}`, system: observeSystemPrompt, user };
    }
    if (state.observations.length > 0) {
      return {
        kind: 'summarize',
        name: 'summarize',
        system: summarizeSystemPrompt,
        user: summarizeMessage(state.observations.join('\n\n')),
      };
    }
  }
  if (settings.programAware && !state.programDescribed) {
    return {
      kind: 'describe-program',
      name: 'describe program',
      system: describeProgramSystemPrompt,
      user: describeProgramMessage(inputs.program, inputs.signature, inputs.example),
    };
  }
  const modules = inputs.program.modules;
  if (settings.programAware && state.modulesDescribed < modules.length) {
    const module = modules[state.modulesDescribed]?.name as string;
    return {
      kind: 'describe-module',
      name: `describe ${module}`,
      system: describeModuleSystemPrompt,
      user: describeModuleMessage(
        inputs.program,
        inputs.signature,
        state.programDescription ?? '(none)',
        module,
      ),
      module,
    };
  }
  const slot = proposalSlots(inputs)[state.proposalsMade];
  if (slot === undefined) return undefined;
  const module = inputs.program.modules.find((entry) => entry.name === slot.module);
  const tip = inputs.tipOf(slot.module, slot.slot);
  const demonstrations = proposalDemonstrations(inputs, slot.module, slot.slot);
  const moduleDescription = state.moduleDescriptions[slot.module] ?? module?.description;
  const user = proposeMessage({
    ...(settings.dataAware && state.dataSummary !== undefined
      ? { dataSummary: state.dataSummary }
      : {}),
    ...(settings.programAware && state.programDescription !== undefined
      ? { programDescription: state.programDescription }
      : {}),
    module: slot.module,
    ...(moduleDescription === undefined ? {} : { moduleDescription }),
    ...(settings.fewshotAware ? { demonstrations } : {}),
    basicInstruction: module?.seedPrompt ?? '',
    ...(settings.tipAware ? { tip: proposalTips[tip] } : {}),
  });
  return {
    kind: 'propose',
    name: `propose ${slot.module} ${slot.slot}`,
    system: proposeSystemPrompt,
    user,
    module: slot.module,
    slot: slot.slot,
    ...(settings.tipAware ? { tip } : {}),
  };
}

/**
 * Applies one answer. A missing, empty or duplicated block is a no-op, recorded with its reason:
 * an observation is not added, a summary falls back to the observations, a description is left
 * out, a proposal adds no instruction (nor does one that repeats an instruction already there).
 */
export function applyProposalAnswer(
  state: ProposalState,
  call: ProposalCall,
  text: string,
  seedPrompt: (module: string) => string,
  finishReason?: string,
): ProposalState {
  const noOp = (reason: string) => [...state.noOps, { call: call.name, reason }];
  // A cut-off answer is never used half; a leading reasoning block is set aside.
  const answer = readModelAnswer(text, finishReason);
  const extract = (
    tag: string,
  ): XmlBlockResult | { ok: false; reason: 'answer-empty' | 'truncated' } =>
    answer.ok
      ? extractXmlBlock(answer.text, tag)
      : { ok: false, reason: answer.reason === 'empty' ? 'answer-empty' : 'truncated' };
  switch (call.kind) {
    case 'observe': {
      const block = extract('observations');
      const next = { ...state, observeCalls: state.observeCalls + 1 };
      if (!block.ok) return { ...next, noOps: noOp(`observations block ${block.reason}`) };
      if (/^complete\b/i.test(block.content)) {
        return state.observeCalls === 0 ? next : { ...next, completes: state.completes + 1 };
      }
      return { ...next, observations: [...state.observations, block.content] };
    }
    case 'summarize': {
      const block = extract('summary');
      return block.ok
        ? { ...state, summarized: true, dataSummary: block.content }
        : {
            ...state,
            summarized: true,
            dataSummary: state.observations.join('\n\n'),
            noOps: noOp(`summary block ${block.reason}; the observations stand in for it`),
          };
    }
    case 'describe-program': {
      const block = extract('program_description');
      return block.ok
        ? { ...state, programDescribed: true, programDescription: block.content }
        : {
            ...state,
            programDescribed: true,
            noOps: noOp(`program_description block ${block.reason}`),
          };
    }
    case 'describe-module': {
      const block = extract('module_description');
      const module = call.module as string;
      return block.ok
        ? {
            ...state,
            modulesDescribed: state.modulesDescribed + 1,
            moduleDescriptions: { ...state.moduleDescriptions, [module]: block.content },
          }
        : {
            ...state,
            modulesDescribed: state.modulesDescribed + 1,
            noOps: noOp(`module_description block ${block.reason}`),
          };
    }
    case 'propose': {
      const block = extract('proposed_instruction');
      const module = call.module as string;
      const next = { ...state, proposalsMade: state.proposalsMade + 1 };
      if (!block.ok) return { ...next, noOps: noOp(`proposed_instruction block ${block.reason}`) };
      const existing = state.instructions[module] ?? [];
      if (block.content === seedPrompt(module) || existing.includes(block.content)) {
        return { ...next, noOps: noOp('the instruction repeats one already proposed') };
      }
      return {
        ...next,
        instructions: { ...state.instructions, [module]: [...existing, block.content] },
      };
    }
  }
}

/**
 * The bootstrapped demonstrations proposal `slot` of `module` is shown: its own demo set's
 * (`paper`), or, as DSPy gathers them (grounded_proposer.py:171–181), the bootstrapped ones of its
 * set and then the following and the preceding sets, up to `demosInProposal` (`reference`).
 */
function proposalDemonstrations(
  inputs: ProposalInputs,
  module: string,
  slot: number,
): Demonstration[] {
  const { demoSets, settings } = inputs;
  const bootstrappedOf = (index: number) => {
    const set = demoSets[index];
    return (set?.demos[module] ?? []).slice(0, set?.bootstrapped[module] ?? 0);
  };
  if (settings.profile !== 'reference')
    return bootstrappedOf(slot).slice(0, settings.demosInProposal);
  const order = [
    ...Array.from({ length: demoSets.length - slot }, (_, offset) => slot + offset),
    ...Array.from({ length: Math.min(slot, demoSets.length) }, (_, index) => index),
  ];
  return order.flatMap(bootstrappedOf).slice(0, settings.demosInProposal);
}
