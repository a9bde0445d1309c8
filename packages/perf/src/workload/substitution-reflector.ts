import { type LanguageModel, sleep } from '@forge/provider';
import type { ModelTime } from './model-time.js';
import { readRuleSentences, ruleSentence, type SubstitutionRule } from './substitution-task.js';

/** Options of the simulated reflector. */
export interface SubstitutionReflectorOptions {
  /** Milliseconds every call waits before answering. Default 0. */
  readonly latencyMs?: number;
  /** Receives the time spent computing answers. */
  readonly time?: ModelTime;
}

const promptHeading = '# Current System Prompt\n\n';
const resultsHeading = '\n\n# Evaluation Results';
const missedPattern = /"([^"]+)" should be rewritten as "([^"]+)"\./g;

/**
 * The new prompt a reflection message asks for, as a pure function of the message: the rules the
 * feedback says were missed come first (in the order the feedback names them), then the current
 * prompt's other rules in their order. With a task model that follows only its first few rules,
 * fixing the minibatch's misses pushes other rules out of reach — the trade-off that keeps the
 * search producing non-dominated candidates.
 */
export function reflectOnSubstitutions(message: string): string {
  const start = message.indexOf(promptHeading);
  const end = message.indexOf(resultsHeading);
  const current = start < 0 || end < 0 ? '' : message.slice(start + promptHeading.length, end);
  const header = current
    .split('\n')
    .filter((line) => !line.startsWith('Rewrite "'))
    .join('\n');
  const rules: SubstitutionRule[] = [];
  const seen = new Set<string>();
  const add = (rule: SubstitutionRule) => {
    if (seen.has(rule.source)) return;
    seen.add(rule.source);
    rules.push(rule);
  };
  for (const match of message.slice(Math.max(end, 0)).matchAll(missedPattern)) {
    add({ source: match[1] as string, target: match[2] as string });
  }
  for (const rule of readRuleSentences(current)) add(rule);
  return [header, ...rules.map(ruleSentence)].join('\n');
}

/** A simulated reflector (`perf:reflector`) answering with `reflectOnSubstitutions`. */
export function createSubstitutionReflector(
  options: SubstitutionReflectorOptions = {},
): LanguageModel {
  const latencyMs = options.latencyMs ?? 0;
  const answer = (message: string) =>
    `<system_prompt>\n${reflectOnSubstitutions(message)}\n</system_prompt>`;
  return {
    specificationVersion: 'v1',
    provider: 'perf',
    modelId: 'reflector',
    async generate(request) {
      const content = request.messages[0]?.content;
      const message = typeof content === 'string' ? content : '';
      const text =
        options.time === undefined ? answer(message) : options.time.measure(() => answer(message));
      if (latencyMs > 0) await sleep(latencyMs, { signal: request.abortSignal });
      return {
        text,
        toolCalls: [],
        finishReason: 'stop',
        usage: {
          inputTokens: Math.ceil(message.length / 4),
          outputTokens: Math.ceil(text.length / 4),
        },
      };
    },
  };
}
