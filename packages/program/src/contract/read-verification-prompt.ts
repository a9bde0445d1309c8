import {
  type MutationSeedSections,
  type PromptSignature,
  readMutationSeed,
  readPromptSignature,
} from './read-mutation-seed.js';
import { readSections, withoutTrailer } from './read-sections.js';

/** The closing instruction of the verifier's user message (Figure 8). */
export const verificationPromptTrailer = 'Verify this synthetic training example.';

/** Forge's verifier request (Figure 8), read back into its parts. */
export interface VerificationPrompt {
  /** The task signature; undefined when `# Task Signature JSON` is not a JSON object. */
  readonly signature: PromptSignature | undefined;
  /** `# Synthetic Example`: the example's JSON object as text. */
  readonly syntheticExample: string | undefined;
  /** `# Generation Context`; its `tail` is `## Generator Activity`. */
  readonly context: MutationSeedSections;
}

/** True when a user message is Forge's verifier request. */
export function isVerificationPrompt(user: string): boolean {
  return (
    user.startsWith('# Task Signature JSON\n') &&
    user.includes('\n# Synthetic Example\n') &&
    user.includes('\n# Generation Context\n')
  );
}

/** Reads Forge's verifier request. */
export function readVerificationPrompt(user: string): VerificationPrompt {
  const blocks = readSections(withoutTrailer(user, verificationPromptTrailer), [
    '# Task Signature JSON',
    '# Synthetic Example',
    '# Generation Context',
  ]);
  return {
    signature: readPromptSignature(blocks.get('# Task Signature JSON')),
    syntheticExample: blocks.get('# Synthetic Example'),
    context: readMutationSeed(blocks.get('# Generation Context') ?? '', '## Generator Activity'),
  };
}
