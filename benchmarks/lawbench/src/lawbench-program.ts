import {
  createSingleModuleProgram,
  type Instance,
  type Program,
  taskMaxOutputTokens,
} from '@forge/program';
import { parseCharges } from './parse-charges.js';

/** Name of the program's only module. */
export const lawbenchModuleName = 'judge';

/**
 * Seed prompt, after the Meta-Harness LawBench prompt: act as a judge, reason first, then write
 * the final charges between [罪名] and <eoa>, several separated by semicolons.
 */
export const lawbenchSeedPrompt = `你是一名精通中华人民共和国刑法的刑事法官。用户会给出一段案件事实，请判断被告人应当被认定的全部罪名。

要求：
1. 先结合案件事实进行推理分析：被告人的行为、主观方面、侵犯的客体、涉案数额或造成的后果。
2. 使用刑法规定的标准罪名名称，不要加“罪”字（写“盗窃”，不写“盗窃罪”）。
3. 涉及多个罪名时全部列出，用英文分号“;”分隔。
4. 分析结束后，把最终罪名写在[罪名]和<eoa>之间，只写一次。

格式示例：
- 单个罪名：[罪名]盗窃<eoa>
- 多个罪名：[罪名]盗窃;诈骗<eoa>`;

/** Renders the user message: the case facts under the heading Meta-Harness uses. */
export function renderLawbenchInput(instance: Instance): string {
  return `## 案件事实\n${String(instance.input['fact'] ?? '')}`;
}

/** A demonstration's answer: its reasoning (if any), then the charges between [罪名] and <eoa>. */
export function renderLawbenchAnswer(
  output: Readonly<Record<string, unknown>>,
  reasoning?: string,
): string {
  const charges = Array.isArray(output['charges']) ? output['charges'].map(String) : [];
  const block = `[罪名]${charges.join(';')}<eoa>`;
  return reasoning === undefined ? block : `${reasoning}\n\n${block}`;
}

/** The reasoning of a reply: the text before its first [罪名] block, trimmed. */
export function lawbenchReasoningOf(text: string): string | undefined {
  const start = text.indexOf('[罪名]');
  const reasoning = start < 0 ? '' : text.slice(0, start).trim();
  return reasoning === '' ? undefined : reasoning;
}

/** The LawBench program: one judging module. */
export function createLawbenchProgram(): Program {
  return createSingleModuleProgram({
    name: 'lawbench',
    moduleName: lawbenchModuleName,
    seedPrompt: lawbenchSeedPrompt,
    description: 'Reads the case facts and names the charges.',
    renderInput: renderLawbenchInput,
    parseOutput: (text) => ({ charges: [...parseCharges(text).charges] }),
    renderAnswer: renderLawbenchAnswer,
    reasoningOf: lawbenchReasoningOf,
    maxOutputTokens: taskMaxOutputTokens,
  });
}
