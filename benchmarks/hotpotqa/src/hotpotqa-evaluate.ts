import type { Evaluation, Execution, Instance } from '@forge/program';
import { exactMatch, normalizeAnswer } from '@forge/program';
import { passageTitle } from '@forge/retrieval';
import { hotpotModules } from './hotpotqa-program.js';

const rule =
  'normalised exact match: lower-case, ASCII punctuation removed, the articles a/an/the removed, whitespace collapsed';

/**
 * Scores a HotPotQA execution by the official exact match of `answer` and explains the verdict:
 * what was predicted, what was expected, and which retrieval hop found (or missed) each
 * supporting article, with module-specific feedback for the summarisers, the query writer and
 * the answerer.
 */
export function evaluateHotpot(instance: Instance, execution: Execution): Evaluation {
  const gold = instance.gold['answer'];
  const goldAnswer = typeof gold === 'string' ? gold : String(gold ?? '');
  const predicted = execution.output['answer'];
  const prediction = typeof predicted === 'string' ? predicted : undefined;
  const score = prediction === undefined ? 0 : exactMatch(prediction, goldAnswer);

  const verdict =
    prediction === undefined
      ? `The program produced no answer; the gold answer is ${quote(goldAnswer)}.`
      : score === 1
        ? `Correct: predicted ${quote(prediction)}, which matches the gold answer ${quote(goldAnswer)} (${rule}).`
        : `Predicted ${quote(prediction)} but the gold answer is ${quote(goldAnswer)} (${rule}: ${quote(normalizeAnswer(prediction))} ≠ ${quote(normalizeAnswer(goldAnswer))}).`;

  const facts = supportingFacts(instance);
  const goldTitles = unique(facts.map(passageTitle));
  const hop1 = retrievedTitles(execution, hotpotModules.summarize1);
  const hop2 = retrievedTitles(execution, hotpotModules.summarize2);
  const found = (titles: ReadonlySet<string>) =>
    goldTitles.filter((title) => titles.has(normalizeAnswer(title)));
  const foundHop1 = found(hop1);
  const foundHop2 = found(hop2).filter((title) => !foundHop1.includes(title));
  const missing = goldTitles.filter(
    (title) => !foundHop1.includes(title) && !foundHop2.includes(title),
  );

  const evidence =
    facts.length === 0 ? '' : `\nSupporting facts:\n${facts.map((fact) => `- ${fact}`).join('\n')}`;
  const retrieval =
    goldTitles.length === 0
      ? ''
      : `\nSupporting articles found by hop 1: ${list(foundHop1)}; newly found by hop 2: ${list(foundHop2)}; never retrieved: ${list(missing)}.`;
  const feedback = `${verdict}${retrieval}${evidence}`;

  return {
    score,
    feedback,
    moduleFeedback: {
      [hotpotModules.summarize1]:
        `${verdict}\nYour summary of the first search feeds the second query and the answer. ` +
        `The first search found the supporting articles ${list(foundHop1)} and missed ${list(goldTitles.filter((title) => !foundHop1.includes(title)))}; ` +
        `the summary should keep the facts of the found ones and name the bridge entity that leads to the missing ones.${evidence}`,
      [hotpotModules.createQueryHop2]:
        `${verdict}\nAfter the first search, the supporting articles still missing were ${list(goldTitles.filter((title) => !foundHop1.includes(title)))}; ` +
        `your query found ${list(foundHop2)} and left ${list(missing)} unretrieved.${evidence}`,
      [hotpotModules.summarize2]: `${verdict}\nThe final answer is written from your summary alone, so it must carry every fact needed to answer.${evidence}`,
      [hotpotModules.finalAnswer]: `${verdict}${evidence}`,
    },
  };
}

function supportingFacts(instance: Instance): string[] {
  const value = instance.gold['supporting_facts'];
  return Array.isArray(value)
    ? value.filter((fact): fact is string => typeof fact === 'string')
    : [];
}

function retrievedTitles(execution: Execution, module: string): Set<string> {
  const titles = new Set<string>();
  for (const entry of execution.trace) {
    if (entry.module !== module) continue;
    const value = entry.output?.['retrieved_titles'];
    if (Array.isArray(value)) {
      for (const title of value) if (typeof title === 'string') titles.add(normalizeAnswer(title));
    }
  }
  return titles;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function quote(text: string): string {
  return `'${text}'`;
}

function list(titles: readonly string[]): string {
  return titles.length === 0 ? 'none' : titles.map(quote).join(', ');
}
