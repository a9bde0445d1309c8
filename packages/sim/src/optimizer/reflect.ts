import { readReflectionPrompt } from '@forge/program';
import { mechanismsNamedIn } from '../world/failure-mechanisms.js';
import { simRule, twoDigitYearPivot } from '../world/sim-rules.js';
import { type PromptModule, statedRules, writeModulePrompt } from './write-module-prompt.js';

/** The parts of a reflection request the simulated reflector uses. */
export interface ReflectionRequest {
  /** The module's current system prompt. */
  readonly currentPrompt: string;
  /** The module the batch is about, from its trace headings. */
  readonly module: PromptModule;
  /** The feedback sections of the batch, in order. */
  readonly feedback: readonly string[];
}

/** Reads a reflection request (`@forge/program`'s reader), with the module it is about. */
export function readReflectionRequest(user: string): ReflectionRequest {
  const { currentPrompt, evaluationResults, feedback } = readReflectionPrompt(user);
  return { currentPrompt, module: moduleOf(evaluationResults, currentPrompt), feedback };
}

/**
 * The module a reflection batch is about: from its trace headings (`Invocation n: module
 * \`name\``), else from the output tags the current prompt mentions.
 */
export function moduleOf(batch: string, currentPrompt: string): PromptModule {
  const moduleName = /Invocation \d+: module `([^`]+)`/.exec(batch)?.[1];
  return moduleName === 'interpret' || moduleName === 'format'
    ? moduleName
    : currentPrompt.includes('<date>')
      ? 'format'
      : currentPrompt.includes('<day>')
        ? 'interpret'
        : 'unknown';
}

/**
 * The simulated reflector: reads the mechanisms the feedback names, turns each into the
 * canonical sentence of the rule that fixes it (for this module), and writes a complete
 * replacement prompt that keeps every rule the current prompt states. Like a real reflector
 * that has only seen dotted dates, it states the day-first rule for all numeric dates.
 */
export function reflect(user: string): string {
  const request = readReflectionRequest(user);
  const { prompt, reasoning } = rewritePrompt(request);
  return `${reasoning}\n\n<system_prompt>\n${prompt}\n</system_prompt>`;
}

/**
 * What every simulated reflection contract shares (Forge's `<system_prompt>`, GEPA's fenced
 * instruction): from the current prompt and the feedback alone — never the rule table's
 * triggers — the replacement prompt and the reasoning that leads to it.
 */
export function rewritePrompt(request: ReflectionRequest): {
  readonly prompt: string;
  readonly reasoning: string;
} {
  const mechanisms = request.feedback.flatMap((feedback) => mechanismsNamedIn(feedback));
  const newRules: string[] = [];
  const reasons: string[] = [];
  for (const mechanism of mechanisms) {
    if (request.module !== 'unknown' && mechanism.module !== request.module) continue;
    const phrase = phraseFor(mechanism.rule, request.feedback);
    if (newRules.includes(phrase)) continue;
    newRules.push(phrase);
    reasons.push(`${mechanism.description} → "${phrase}"`);
  }
  const already = statedRules(request.currentPrompt);
  const prompt = writeModulePrompt({
    module: request.module,
    currentPrompt: request.currentPrompt,
    newRules,
  });
  const reasoning =
    reasons.length > 0
      ? `The failures come from missing conventions:\n${reasons.map((reason) => `- ${reason}`).join('\n')}\nKeeping the ${already.length} convention(s) already stated.`
      : 'The feedback names no convention this module is missing; restating the prompt in the required structure.';
  return { prompt, reasoning };
}

function phraseFor(rule: ReturnType<typeof simRule>['id'], feedback: readonly string[]): string {
  if (rule !== 'two-digit-pivot') return simRule(rule).phrase;
  // The pivot is read from the feedback that states it, as a reflector would.
  const stated = feedback
    .map((text) => /years from (\d{1,2}) to 99 mean 19xx/.exec(text)?.[1])
    .find(Boolean);
  return `Two-digit years from ${stated ?? twoDigitYearPivot} to 99 belong to the 1900s.`;
}
