import { type Random, readGepaReflectionPrompt } from '@forge/program';
import { moduleOf, type ReflectionRequest, rewritePrompt } from './reflect.js';

/**
 * Reads a GEPA reflection request (`@forge/program`'s reader; the simulator answers only the
 * default template, whose first line `isGepaReflectionPrompt` checks), with the module it is about.
 */
export function readGepaReflectionRequest(user: string): ReflectionRequest {
  const { currentPrompt, examples, feedback } = readGepaReflectionPrompt(user);
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
