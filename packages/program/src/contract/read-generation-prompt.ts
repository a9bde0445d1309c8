import {
  type MutationSeedSections,
  type PromptSignature,
  readMutationSeed,
  readPromptSignature,
} from './read-mutation-seed.js';
import { readSections, withoutTrailer } from './read-sections.js';

/** The closing instruction of the generator's user message (Figure 7). */
export const generationPromptTrailer = 'Generate one synthetic training example.';

/** Forge's generator request (Figure 7), read back into its parts. */
export interface GenerationPrompt {
  /** The task signature; undefined when `# Task Signature JSON` is not a JSON object. */
  readonly signature: PromptSignature | undefined;
  /** The mutation seed; its `tail` is `## Program Trace`. */
  readonly seed: MutationSeedSections;
}

/** True when a user message is Forge's generator request. */
export function isGenerationPrompt(user: string): boolean {
  return user.startsWith('# Task Signature JSON\n') && user.includes('\n# Mutation Seed\n');
}

/** Reads Forge's generator request. */
export function readGenerationPrompt(user: string): GenerationPrompt {
  const blocks = readSections(withoutTrailer(user, generationPromptTrailer), [
    '# Task Signature JSON',
    '# Mutation Seed',
  ]);
  return {
    signature: readPromptSignature(blocks.get('# Task Signature JSON')),
    seed: readMutationSeed(blocks.get('# Mutation Seed') ?? '', '## Program Trace'),
  };
}
