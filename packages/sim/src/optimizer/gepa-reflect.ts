import type { Random } from '@forge/program';
import { moduleOf, type ReflectionRequest, rewritePrompt } from './reflect.js';

/**
 * The first line of GEPA's reflection request (`@forge/method-gepa`'s default template,
 * docs/prompt-contracts.md). The simulator answers only that template: a custom template is a
 * user's own words, which a simulator cannot be expected to read.
 */
export const gepaReflectionOpening =
  'An assistant works on a task by following the instruction below.';

/** True when a user message is a GEPA reflection request. */
export function isGepaReflectionRequest(user: string): boolean {
  return user.startsWith(`${gepaReflectionOpening}\n`);
}

/**
 * Reads a GEPA reflection request: the current instruction is the first fenced block, the
 * examples the second (`# Example n` with `## Inputs`, `## Generated Outputs`, `## Feedback`).
 * A fence is closed only by a line of the same backticks, so fenced text inside stays whole.
 */
export function readGepaReflectionRequest(user: string): ReflectionRequest {
  const blocks = [...user.matchAll(/^(`{3,})\n([\s\S]*?)\n\1$/gm)].map((match) => match[2] ?? '');
  const currentPrompt = (blocks[0] ?? '').trim();
  const examples = blocks[1] ?? '';
  const feedback = examples
    .split(/^# Example \d+$/m)
    .slice(1)
    .map((example) => example.split(/^## Feedback$/m)[1]?.trim() ?? '')
    .filter((text) => text !== '');
  return { currentPrompt, module: moduleOf(examples, currentPrompt), feedback };
}

/**
 * The simulated answer to GEPA's reflection: the same rewrite as Forge's simulated reflector
 * (rules only from the feedback it is shown), returned inside one ``` block after a line of
 * reasoning. When `malformed` is set it breaks the contract the way models do.
 */
export function reflectForGepa(user: string, malformed: Random | undefined): string {
  const { prompt, reasoning } = rewritePrompt(readGepaReflectionRequest(user));
  if (malformed !== undefined) return malformedGepaReflection(prompt, malformed);
  return `${reasoning}\n\n\`\`\`\n${prompt}\n\`\`\``;
}

/** A broken GEPA answer: no fence at all, an opening fence cut short, or an empty block. */
export function malformedGepaReflection(prompt: string, random: Random): string {
  switch (random.int(3)) {
    case 0:
      return `Here is the improved instruction:\n\n${prompt}`;
    case 1:
      return `\`\`\`\n${prompt.slice(0, Math.max(1, Math.floor(prompt.length / 2)))}`;
    default:
      return 'The instruction is fine as it is.\n\n```\n```';
  }
}
