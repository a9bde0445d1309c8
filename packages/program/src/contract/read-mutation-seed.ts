import type { SignatureField } from '../signature/signature.js';
import { readSections } from './read-sections.js';

/**
 * The mutation seed as the generator (Figure 7, `# Mutation Seed`) and the verifier (Figure 8,
 * `# Generation Context`) are shown it: level-2 sections, each as text, undefined when absent.
 */
export interface MutationSeedSections {
  /** `## Failure Cluster`: the failure mode's name (absent for random synthesis). */
  readonly failureCluster: string | undefined;
  /** `## Failure Description`: the mode's description. */
  readonly failureDescription: string | undefined;
  /** `## Mutation Kind`: the intent as written (`positive` … `generic`, or `random`). */
  readonly mutationKind: string | undefined;
  /** `## Failed Example`, or random synthesis's `## Source Example`: `renderInstance` at level 3. */
  readonly example: string | undefined;
  /** `## Feedback`: the source's feedback; "(none)" reads as undefined. */
  readonly feedback: string | undefined;
  /** The last section: the generator's `## Program Trace`, the verifier's `## Generator Activity`. */
  readonly tail: string | undefined;
}

/** Reads the seed sections of a generator's or verifier's message, `tailHeading` ending them. */
export function readMutationSeed(seed: string, tailHeading: string): MutationSeedSections {
  const parts = readSections(seed, [
    '## Failure Cluster',
    '## Failure Description',
    '## Mutation Kind',
    '## Failed Example',
    '## Source Example',
    '## Feedback',
    tailHeading,
  ]);
  const feedback = parts.get('## Feedback');
  return {
    failureCluster: parts.get('## Failure Cluster'),
    failureDescription: parts.get('## Failure Description'),
    mutationKind: parts.get('## Mutation Kind'),
    example: parts.get('## Failed Example') ?? parts.get('## Source Example'),
    feedback: feedback === '(none)' ? undefined : feedback,
    tail: parts.get(tailHeading),
  };
}

/** A task signature as `# Task Signature JSON` shows it (`signatureToJson`). */
export interface PromptSignature {
  /** Input fields with a string name, in order (type and description "" when not strings). */
  readonly inputFields: readonly SignatureField[];
  /** Output fields likewise. */
  readonly outputFields: readonly SignatureField[];
}

/** Reads `# Task Signature JSON`'s text; undefined when it is not a JSON object. */
export function readPromptSignature(json: string | undefined): PromptSignature | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as { input_fields?: unknown; output_fields?: unknown };
  return {
    inputFields: fieldsOf(record.input_fields),
    outputFields: fieldsOf(record.output_fields),
  };
}

function fieldsOf(list: unknown): SignatureField[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const field = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    if (typeof field['name'] !== 'string') return [];
    const text = (key: string) => (typeof field[key] === 'string' ? (field[key] as string) : '');
    return [{ name: field['name'], type: text('type'), description: text('description') }];
  });
}
