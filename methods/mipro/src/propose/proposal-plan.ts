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
import type { MiproProfile, MiproSettings } from '../settings/mipro-settings.js';
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
  /** True once a later observation call failed (`reference`): no more observation calls. */
  readonly observationsEnded?: boolean;
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
    | 'initTemperature'
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
  /** The call's sampling temperature; absent: the provider's default. */
  readonly temperature?: number;
}

/**
 * The sampling temperature of a proposal-stage call. `reference`: DSPy's — the data observations
 * and the summary at 1 (dataset_summary_generator.py:54, :72, :88), the program and module
 * descriptions and the proposals at `init_temperature`, the rollout model they all run in
 * (grounded_proposer.py:395–401). `paper`: the proposals at `initTemperature` when it is set,
 * every other call at the provider's default.
 */
export function proposalTemperature(
  kind: ProposalCall['kind'],
  settings: Pick<MiproSettings, 'profile' | 'initTemperature'>,
): number | undefined {
  if (settings.profile !== 'reference')
    return kind === 'propose' ? settings.initTemperature : undefined;
  return kind === 'observe' || kind === 'summarize' ? 1 : settings.initTemperature;
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
      state.completes < completesToStop &&
      state.observationsEnded !== true;
    if (call === 0 || more) {
      const batch = inputs.train.slice(start, start + size);
      const user =
        call === 0 || state.observations.length === 0
          ? observeMessage(batch)
          : observeMoreMessage(state.observations.join('\n\n'), batch);
      return {
        kind: 'observe',
        name: `observe ${call + 1}`,
        system: observeSystemPrompt,
        user,
        ...temperatureOf('observe', settings),
      };
    }
    if (state.observations.length > 0) {
      return {
        kind: 'summarize',
        name: 'summarize',
        system: summarizeSystemPrompt,
        user: summarizeMessage(state.observations.join('\n\n')),
        ...temperatureOf('summarize', settings),
      };
    }
  }
  if (settings.programAware && !state.programDescribed) {
    return {
      kind: 'describe-program',
      name: 'describe program',
      system: describeProgramSystemPrompt,
      user: describeProgramMessage(inputs.program, inputs.signature, inputs.example),
      ...temperatureOf('describe-program', settings),
    };
  }
  const modules = inputs.program.modules;
  // DSPy writes the module descriptions in the program description's `try`: when that failed,
  // `reference` writes none (grounded_proposer.py:191–225).
  const programFailed =
    settings.profile === 'reference' &&
    state.programDescribed &&
    state.programDescription === undefined;
  if (settings.programAware && !programFailed && state.modulesDescribed < modules.length) {
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
      ...temperatureOf('describe-module', settings),
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
    ...temperatureOf('propose', settings),
  };
}

function temperatureOf(
  kind: ProposalCall['kind'],
  settings: Pick<MiproSettings, 'profile' | 'initTemperature'>,
): { temperature?: number } {
  const temperature = proposalTemperature(kind, settings);
  return temperature === undefined ? {} : { temperature };
}

/**
 * Applies one answer. A missing, empty or duplicated block is a no-op, recorded with its reason:
 * an observation is not added, a summary falls back to the observations, a description is left
 * out, a proposal adds no instruction (nor does one that repeats an instruction already there).
 * Under `reference` an unusable answer to a grounding call fails it as DSPy's parse error does
 * (`failProposalCall`), and the first observation is kept even when it says COMPLETE.
 */
export function applyProposalAnswer(
  state: ProposalState,
  call: ProposalCall,
  text: string,
  seedPrompt: (module: string) => string,
  finishReason?: string,
  profile: MiproProfile = 'paper',
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
      if (!block.ok) {
        const reason = `observations block ${block.reason}`;
        return profile === 'reference'
          ? failProposalCall(state, call, reason)
          : { ...next, noOps: noOp(reason) };
      }
      // DSPy keeps the first answer whatever it says (dataset_summary_generator.py:53–55).
      const first = profile === 'reference' && state.observeCalls === 0;
      if (!first && /^complete\b/i.test(block.content)) {
        return state.observeCalls === 0 ? next : { ...next, completes: state.completes + 1 };
      }
      return { ...next, observations: [...state.observations, block.content] };
    }
    case 'summarize': {
      const block = extract('summary');
      if (!block.ok && profile === 'reference') {
        return failProposalCall(state, call, `summary block ${block.reason}`);
      }
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
      if (!block.ok && profile === 'reference') {
        return failProposalCall(state, call, `program_description block ${block.reason}`);
      }
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
 * A grounding call that failed under `reference` (it raised, or its answer was unusable, which
 * DSPy's adapter raises for): the proposer goes on without that ground, as DSPy's handlers do.
 * A failed first observation or summary leaves no data summary (grounded_proposer.py:294–303);
 * a failed later observation ends the observations, and the summary is written from those made
 * (dataset_summary_generator.py:60–84); a failed program description leaves out the program and
 * module descriptions, a failed module description that module's (grounded_proposer.py:191–225).
 * An instruction proposal has no such handler in DSPy: a failed one is not passed here.
 */
export function failProposalCall(
  state: ProposalState,
  call: ProposalCall,
  reason: string,
): ProposalState {
  const noOps = [...state.noOps, { call: call.name, reason }];
  switch (call.kind) {
    case 'observe': {
      const next = { ...state, observeCalls: state.observeCalls + 1, noOps };
      return state.observeCalls === 0
        ? { ...next, summarized: true }
        : { ...next, observationsEnded: true };
    }
    case 'summarize':
      return { ...state, summarized: true, noOps };
    case 'describe-program':
      return { ...state, programDescribed: true, noOps };
    case 'describe-module':
      return { ...state, modulesDescribed: state.modulesDescribed + 1, noOps };
    case 'propose':
      return { ...state, proposalsMade: state.proposalsMade + 1, noOps };
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
