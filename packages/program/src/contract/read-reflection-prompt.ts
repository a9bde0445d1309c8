import { findHeading, withoutTrailer } from './read-sections.js';

/** The closing instruction of the reflector's user message (Figure 6). */
export const reflectionPromptTrailer = 'Write a better system prompt for this module.';

/** Forge's reflector request (Figure 6), read back into its parts. */
export interface ReflectionPrompt {
  /** The module's current system prompt, whole even when it has headings of its own. */
  readonly currentPrompt: string;
  /** The evaluation results (`renderReflectionBatch`), without the closing instruction. */
  readonly evaluationResults: string;
  /** Each evaluation's `### Feedback`, trimmed, in order; evaluations without one are left out. */
  readonly feedback: readonly string[];
}

/** True when a user message is Forge's reflector request. */
export function isReflectionPrompt(user: string): boolean {
  return user.startsWith('# Current System Prompt\n') && user.includes('\n# Evaluation Results\n');
}

/**
 * Reads Forge's reflector request. The results start at the `# Evaluation Results` heading that
 * is followed by `## Evaluation 1`, so a current prompt holding that heading stays whole.
 */
export function readReflectionPrompt(user: string): ReflectionPrompt {
  const opening = '# Current System Prompt\n';
  let results = findHeading(user, '# Evaluation Results', opening.length);
  while (results !== undefined && !/^\s*## Evaluation 1\b/.test(user.slice(results.contentStart))) {
    results = findHeading(user, '# Evaluation Results', results.contentStart);
  }
  const promptEnd = results?.start ?? user.length;
  const evaluationResults = withoutTrailer(
    user.slice(results?.contentStart ?? promptEnd),
    reflectionPromptTrailer,
  ).trim();
  const feedback = evaluationResults
    .split(/\n### Feedback\n/)
    .slice(1)
    .map((part) => part.split(/\n## Evaluation \d+\n/)[0]?.trim() ?? '')
    .filter((text) => text !== '');
  return {
    currentPrompt: user.slice(opening.length, promptEnd).trim(),
    evaluationResults,
    feedback,
  };
}
