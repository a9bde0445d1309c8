/**
 * The first line of GEPA's default reflection template (`@forge/method-gepa`): how its request is
 * recognised. A user's own template is their words, which no reader here can be expected to know.
 */
export const gepaReflectionOpening =
  'An assistant works on a task by following the instruction below.';

/** GEPA's reflection request (default template), read back into its parts. */
export interface GepaReflectionPrompt {
  /** The component's current text: the first fenced block. */
  readonly currentPrompt: string;
  /** The examples: the second fenced block (`# Example n`, `## Inputs`, `## Generated Outputs`, `## Feedback`). */
  readonly examples: string;
  /** Each example's `## Feedback`, trimmed, in order; empty ones left out. */
  readonly feedback: readonly string[];
}

/** True when a user message is GEPA's reflection request under the default template. */
export function isGepaReflectionPrompt(user: string): boolean {
  return user.startsWith(`${gepaReflectionOpening}\n`);
}

/**
 * Reads GEPA's reflection request. A fence is closed only by a line of the same backticks, so
 * fenced text inside the current text or the examples stays whole.
 */
export function readGepaReflectionPrompt(user: string): GepaReflectionPrompt {
  const blocks = [...user.matchAll(/^(`{3,})\n([\s\S]*?)\n\1$/gm)].map((match) => match[2] ?? '');
  const examples = blocks[1] ?? '';
  const feedback = examples
    .split(/^# Example \d+$/m)
    .slice(1)
    .map((example) => example.split(/^## Feedback$/m)[1]?.trim() ?? '')
    .filter((text) => text !== '');
  return { currentPrompt: (blocks[0] ?? '').trim(), examples, feedback };
}
