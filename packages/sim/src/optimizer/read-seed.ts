import {
  type MutationSeedSections,
  type PromptSignature,
  type RenderedInstance,
  readRenderedInstance,
} from '@forge/program';
import type { MutationIntent } from './mutate-date-text.js';

/** What the generator and the verifier use of a mutation seed or generation context. */
export interface SeedContext {
  /** Name of the input field holding the text (first declared input field). */
  readonly inputField: string;
  /** Name of the output field holding the date (first declared output field). */
  readonly outputField: string;
  /** Every declared field name, inputs first. */
  readonly fieldNames: readonly string[];
  /** Failure cluster name (empty for random synthesis). */
  readonly clusterName: string;
  /** Failure description (empty for random synthesis). */
  readonly description: string;
  /** Mutation intent. */
  readonly intent: MutationIntent | 'unknown';
  /** The failed example, or the source example of random synthesis. */
  readonly source: RenderedInstance;
  /** The failure's feedback (empty when none). */
  readonly feedback: string;
}

const intents: readonly MutationIntent[] = [
  'positive',
  'negative',
  'boundary',
  'stress',
  'generic',
  'random',
];

/**
 * The date world's view of a generator's or verifier's request, read by `@forge/program`'s
 * `readGenerationPrompt` / `readVerificationPrompt`: without a readable signature the fields are
 * the date world's own (`text`, `date`).
 */
export function seedContext(
  signature: PromptSignature | undefined,
  seed: MutationSeedSections,
): SeedContext {
  const kind = (seed.mutationKind ?? '').trim().toLowerCase();
  const inputs = signature?.inputFields.map((field) => field.name);
  const outputs = signature?.outputFields.map((field) => field.name);
  return {
    inputField: inputs === undefined ? 'text' : (inputs[0] ?? 'text'),
    outputField: outputs === undefined ? 'date' : (outputs[0] ?? 'date'),
    fieldNames: inputs === undefined ? ['text', 'date'] : [...inputs, ...(outputs ?? [])],
    clusterName: seed.failureCluster ?? '',
    description: seed.failureDescription ?? '',
    intent: intents.find((intent) => intent === kind) ?? 'unknown',
    source: readRenderedInstance(seed.example ?? ''),
    feedback: seed.feedback ?? '',
  };
}
