import { type LanguageModel, sleep } from '@forge/provider';
import type { ModelTime } from './model-time.js';
import { readRuleSentences, type SubstitutionRule } from './substitution-task.js';

/** Options of the simulated task model. */
export interface SubstitutionTaskModelOptions {
  /** It follows only the first this many rules its system prompt states (a small model's limit). */
  readonly capacity: number;
  /** Milliseconds every call waits before answering. Default 0. */
  readonly latencyMs?: number;
  /** Receives the time spent computing answers. */
  readonly time?: ModelTime;
}

/**
 * A simulated task model (`perf:task`): it rewrites the user's sentence with the rules its system
 * prompt states, up to its capacity, and leaves every other word as written. It never sees the
 * gold answer. Because it honours only a few rules, no prompt is perfect and the search keeps
 * finding candidates that are better on some instances and worse on others: a pool that grows to
 * thousands, as long real runs do.
 */
export function createSubstitutionTaskModel(options: SubstitutionTaskModelOptions): LanguageModel {
  const latencyMs = options.latencyMs ?? 0;
  // A prompt is read once: the pool's prompts repeat across thousands of calls.
  const followed = new Map<string, ReadonlyMap<string, string>>();
  const rulesOf = (system: string) => {
    let rules = followed.get(system);
    if (rules === undefined) {
      const stated = readRuleSentences(system).slice(0, options.capacity);
      rules = new Map(stated.map((rule: SubstitutionRule) => [rule.source, rule.target]));
      followed.set(system, rules);
    }
    return rules;
  };
  const answer = (system: string, text: string) => {
    const rules = rulesOf(system);
    return text
      .split(' ')
      .map((word) => rules.get(word) ?? word)
      .join(' ');
  };
  return {
    specificationVersion: 'v1',
    provider: 'perf',
    modelId: 'task',
    async generate(request) {
      const content = request.messages[0]?.content;
      const text = typeof content === 'string' ? content : '';
      const system = request.system ?? '';
      const output =
        options.time === undefined
          ? answer(system, text)
          : options.time.measure(() => answer(system, text));
      if (latencyMs > 0) await sleep(latencyMs, { signal: request.abortSignal });
      return {
        text: output,
        toolCalls: [],
        finishReason: 'stop',
        usage: {
          inputTokens: Math.ceil((system.length + text.length) / 4),
          outputTokens: Math.ceil(output.length / 4),
        },
      };
    },
  };
}
