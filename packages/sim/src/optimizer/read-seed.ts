import type { MutationIntent } from './mutate-date-text.js';
import {
  type RenderedInstance,
  readRenderedInstance,
  readSections,
  withoutTrailer,
} from './read-markdown.js';

/** What the generator and the verifier read from a mutation seed or generation context. */
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
  /** The section after the feedback (program trace, or generator activity). */
  readonly tail: string;
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
 * Reads the shared layout of the generator's and the verifier's user messages
 * (docs/prompt-contracts.md): the signature JSON, then level-2 sections under `parent`.
 */
export function readSeedContext(options: {
  readonly user: string;
  readonly parent: string;
  readonly before: readonly string[];
  readonly tailHeading: string;
  readonly trailer: string;
}): SeedContext & { readonly blocks: Map<string, string | undefined> } {
  const user = withoutTrailer(options.user, options.trailer);
  const blocks = readSections(user, ['# Task Signature JSON', ...options.before, options.parent]);
  const signature = parseSignature(blocks.get('# Task Signature JSON'));
  const seed = blocks.get(options.parent) ?? '';
  const parts = readSections(seed, [
    '## Failure Cluster',
    '## Failure Description',
    '## Mutation Kind',
    '## Failed Example',
    '## Source Example',
    '## Feedback',
    options.tailHeading,
  ]);
  const kind = (parts.get('## Mutation Kind') ?? '').trim().toLowerCase();
  const feedback = (parts.get('## Feedback') ?? '').trim();
  return {
    ...signature,
    clusterName: (parts.get('## Failure Cluster') ?? '').trim(),
    description: (parts.get('## Failure Description') ?? '').trim(),
    intent: intents.find((intent) => intent === kind) ?? 'unknown',
    source: readRenderedInstance(
      parts.get('## Failed Example') ?? parts.get('## Source Example') ?? '',
    ),
    feedback: feedback === '(none)' ? '' : feedback,
    tail: parts.get(options.tailHeading) ?? '',
    blocks,
  };
}

function parseSignature(
  json: string | undefined,
): Pick<SeedContext, 'inputField' | 'outputField' | 'fieldNames'> {
  try {
    const value = JSON.parse(json ?? '') as {
      input_fields?: { name?: unknown }[];
      output_fields?: { name?: unknown }[];
    };
    const names = (fields: { name?: unknown }[] | undefined) =>
      (fields ?? [])
        .map((field) => field.name)
        .filter((name): name is string => typeof name === 'string');
    const inputs = names(value.input_fields);
    const outputs = names(value.output_fields);
    return {
      inputField: inputs[0] ?? 'text',
      outputField: outputs[0] ?? 'date',
      fieldNames: [...inputs, ...outputs],
    };
  } catch {
    return { inputField: 'text', outputField: 'date', fieldNames: ['text', 'date'] };
  }
}
