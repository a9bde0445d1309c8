import { createRandom } from '@forge/program';
import type { GenerateRequest, GenerateResult, LanguageModel } from '@forge/provider';
import { buildResult } from '../models/build-result.js';
import { drawLatency, sleep } from '../models/latency.js';
import { hashRequest } from '../models/request-hash.js';
import { type ResolvedSimOptions, resolveSimOptions, type SimOptions } from '../sim-options.js';
import { withDemonstratedRules } from './demonstrated-rules.js';
import { formatAsTold } from './format-as-told.js';
import { interpretAsTold, type ReadParts } from './interpret-as-told.js';
import { readPromptRules } from './prompt-rules.js';

/** Model id of the simulated task model (`sim:task`). */
export const simTaskModelId = 'task';

/**
 * Creates the simulated task model (`sim:task`). Its answer depends only on the system prompt,
 * the few-shot demonstrations before the live input, and the last user message: it applies a
 * rule of the date world only when the system prompt states it in the rule's canonical words or
 * the demonstrations show it, and otherwise reads naively. It never sees an
 * instance's gold answer or the world's rule table.
 */
export function createSimTaskModel(options: SimOptions | ResolvedSimOptions = {}): LanguageModel {
  const resolved = 'simulated' in options ? options : resolveSimOptions(options);
  return {
    specificationVersion: 'v1',
    provider: 'sim',
    modelId: simTaskModelId,
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const hash = hashRequest(resolved.seed, simTaskModelId, request);
      await sleep(
        drawLatency(resolved.latency.task, createRandom(hash, 'latency')),
        request.abortSignal,
      );
      const malformed = createRandom(hash, 'malformed').next() < resolved.malformedRate.task;
      return buildResult({
        request,
        text: answer(request, malformed),
        modelId: simTaskModelId,
        responseId: `sim-task-${hash.slice(0, 16)}`,
      });
    },
  };
}

function answer(request: GenerateRequest, malformed: boolean): string {
  const rules = withDemonstratedRules(readPromptRules(request.system ?? ''), request.messages);
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const content = user?.content ?? '';
  const text = /<text>([\s\S]*?)<\/text>/.exec(content)?.[1];
  const partsBlock = /<date_parts>([\s\S]*?)<\/date_parts>/.exec(content)?.[1];
  if (partsBlock !== undefined) {
    const tag = (name: string) =>
      new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(partsBlock)?.[1]?.trim() ?? '?';
    const parts: ReadParts = { day: tag('day'), month: tag('month'), year: tag('year') };
    const date = formatAsTold(parts, rules);
    return rules.namesDateTag && !malformed
      ? `Writing the parts as an ISO date.\n<date>${date}</date>`
      : `The date is ${date}.`;
  }
  if (text !== undefined) {
    const parts = interpretAsTold(text.trim(), rules);
    return rules.namesPartTags && !malformed
      ? `The date parts as written:\n<day>${parts.day}</day>\n<month>${parts.month}</month>\n<year>${parts.year}</year>`
      : `The day is ${parts.day}, the month is ${parts.month} and the year is ${parts.year}.`;
  }
  return 'I can read a date text given in <text> tags, or date parts given in <date_parts> tags.';
}
