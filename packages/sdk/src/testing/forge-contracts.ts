import {
  readAssignmentPrompt,
  readGenerationPrompt,
  readReflectionPrompt,
  readRenderedInstance,
  type SignatureField,
} from '@forge/program';
import {
  appendRules,
  distinctSentences,
  normalise,
  snakeName,
  typedValues,
} from './read-contract-text.js';

// Default answers to Forge's four contracts (Figures 5–8, docs/prompt-contracts.md), generic in
// the program: they read only the contracts' fixed headings.

/** What a reflector (Forge's or GEPA's) is shown, as the scripted optimizer reads it. */
export interface ScriptedReflection {
  /** The module's current prompt. */
  readonly currentPrompt: string;
  /** The distinct feedback sentences of the evaluations shown, in first-seen order. */
  readonly feedback: readonly string[];
}

/** The default reflection: the current prompt with each new feedback sentence appended as a rule. */
export function defaultReflect(reflection: ScriptedReflection): string {
  return appendRules(reflection.currentPrompt, reflection.feedback);
}

/** Reads Forge's reflector request (Figure 6). */
export function readForgeReflection(user: string): ScriptedReflection {
  const { currentPrompt, feedback } = readReflectionPrompt(user);
  return { currentPrompt, feedback: distinctSentences(lessons(feedback)) };
}

/**
 * The default assignment (Figure 5): a failure whose first feedback sentence names an existing
 * mode (same description, or same derived name) is assigned to it; otherwise a mode is created,
 * named after the sentence's first words and described by the sentence.
 */
export function defaultAssign(user: string): string {
  const { clusters: catalogue, feedback } = readAssignmentPrompt(user);
  const sentence =
    distinctSentences(lessons(feedback === undefined ? [] : [feedback]))[0] ??
    'The program fell short without feedback.';
  const name = snakeName(sentence);
  const existing = catalogue.find(
    (mode) =>
      mode.cluster_name === name || normalise(mode.failure_description) === normalise(sentence),
  );
  const decision =
    existing === undefined
      ? { cluster_name: null, new_cluster_name: name, new_failure_description: sentence }
      : {
          cluster_name: existing.cluster_name,
          new_cluster_name: null,
          new_failure_description: null,
        };
  return `<assignment>\n${JSON.stringify(decision)}\n</assignment>`;
}

/** One failed (or source) instance as the generator is shown it, with its mutation seed. */
export interface ScriptedMutationSeed {
  /** The failed instance's input fields. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Its gold fields. */
  readonly gold: Readonly<Record<string, unknown>>;
  /** The mutation intent: `positive`, `negative`, `boundary`, `stress`, `generic` or `random`. */
  readonly intent: string;
  /** The failure mode's name (empty for random synthesis). */
  readonly failureMode: string;
  /** The failure mode's description. */
  readonly failureDescription: string;
  /** The source evaluation's feedback (empty when none). */
  readonly feedback: string;
}

/** A new instance from a mutation seed: input and gold fields, or undefined to copy the source. */
export type MutateInstance = (seed: ScriptedMutationSeed) =>
  | {
      readonly input: Readonly<Record<string, unknown>>;
      readonly gold: Readonly<Record<string, unknown>>;
    }
  | undefined;

/** Reads the generator's request (Figure 7): the signature and the mutation seed. */
export function readMutationSeed(user: string): {
  readonly seed: ScriptedMutationSeed;
  readonly inputFields: readonly SignatureField[];
  readonly outputFields: readonly SignatureField[];
} {
  const { signature, seed } = readGenerationPrompt(user);
  const inputFields = signature?.inputFields ?? [];
  const outputFields = signature?.outputFields ?? [];
  const example = readRenderedInstance(seed.example ?? '', 3, {
    input: inputFields.map((field) => field.name),
    gold: outputFields.map((field) => field.name),
  });
  return {
    inputFields,
    outputFields,
    seed: {
      input: typedValues(example.input, inputFields),
      gold: typedValues(example.gold, outputFields),
      intent: seed.mutationKind ?? 'generic',
      failureMode: seed.failureCluster ?? '',
      failureDescription: seed.failureDescription ?? '',
      feedback: seed.feedback ?? '',
    },
  };
}

/** The default generation: the seed's instance through `mutate`, or a copy of it. */
export function defaultGenerate(user: string, mutate: MutateInstance | undefined): string {
  const { seed, inputFields, outputFields } = readMutationSeed(user);
  const made = mutate?.(seed) ?? { input: seed.input, gold: seed.gold };
  const example: Record<string, unknown> = {};
  for (const field of inputFields) example[field.name] = made.input[field.name];
  for (const field of outputFields) example[field.name] = made.gold[field.name];
  return `<synthetic_example>\n${JSON.stringify(example)}\n</synthetic_example>`;
}

/** The default verification (Figure 8): valid and faithful. */
export function defaultVerify(): string {
  return [
    '<validity_reason>The scripted verifier accepts every example.</validity_reason>',
    '<validity>true</validity>',
    '<faithfulness_reason>The scripted verifier accepts every example.</faithfulness_reason>',
    '<faithfulness>true</faithfulness>',
  ].join('\n');
}

/** Feedback texts that teach something: "(none)" is a rendering's word for no feedback. */
export function lessons(feedback: readonly string[]): string[] {
  return feedback.filter((text) => text !== '' && text !== '(none)');
}
