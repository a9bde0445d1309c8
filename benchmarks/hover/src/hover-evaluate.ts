import type { Evaluation, Execution, Instance } from '@forge/program';
import { passageTitle } from '@forge/retrieval';
import { hoverModules } from './hover-program.js';
import { normalizeTitle, retrievalScore } from './retrieval-score.js';

const rule =
  'titles compared after Unicode NFD, lower-casing, ASCII punctuation and article removal; extra passages are not penalised';

/**
 * Scores a HoVer execution: 1 iff every gold supporting title is among the titles of the
 * retrieved passages. Feedback names the gold titles found and missed overall and per hop, and
 * tells each summariser and query writer what its hop contributed.
 */
export function evaluateHover(instance: Instance, execution: Execution): Evaluation {
  const goldTitles = stringList(instance.gold['supporting_titles']);
  const passages = stringList(execution.output['retrieved_passages']);
  const score = retrievalScore(goldTitles, passages);

  const hopTitles = [
    hoverModules.summarize1,
    hoverModules.summarize2,
    hoverModules.createQueryHop3,
  ].map((module) => titlesRetrievedBy(execution, module));
  const foundBy = (hops: number) => {
    const seen = new Set(hopTitles.slice(0, hops).flatMap((titles) => [...titles]));
    return goldTitles.filter((title) => seen.has(normalizeTitle(title)));
  };
  const afterHop1 = foundBy(1);
  const afterHop2 = foundBy(2);
  const overall = new Set(passages.map((passage) => normalizeTitle(passageTitle(passage))));
  const found = goldTitles.filter((title) => overall.has(normalizeTitle(title)));
  const missing = goldTitles.filter((title) => !overall.has(normalizeTitle(title)));
  const newIn = (before: string[], after: string[]) =>
    after.filter((title) => !before.includes(title));
  const missingAfter = (before: string[]) => goldTitles.filter((title) => !before.includes(title));

  const verdict =
    score === 1
      ? `All ${goldTitles.length} gold supporting documents were retrieved: ${list(found)} (${rule}).`
      : `Missed ${missing.length} of ${goldTitles.length} gold supporting documents: ${list(missing)} were not among the ${overall.size} retrieved titles; found ${list(found)} (${rule}).`;
  const perHop = `Hop 1 (the claim) found ${list(afterHop1)}; hop 2 added ${list(newIn(afterHop1, afterHop2))}; hop 3 added ${list(newIn(afterHop2, found))}.`;
  const feedback = `${verdict}\n${perHop}`;

  return {
    score,
    feedback,
    moduleFeedback: {
      [hoverModules.summarize1]:
        `${verdict}\nAfter the first search, ${list(missingAfter(afterHop1))} were still missing; ` +
        `the later hops, which start from your summary, found ${list(newIn(afterHop1, found))}. ` +
        'Name the entities and links of the claim that lead to the missing documents.',
      [hoverModules.createQueryHop2]: `${verdict}\nBefore your query, ${list(missingAfter(afterHop1))} were missing; your query found ${list(newIn(afterHop1, afterHop2))}.`,
      [hoverModules.summarize2]: `${verdict}\nAfter two searches, ${list(missingAfter(afterHop2))} were still missing; the third query, written from your summary, found ${list(newIn(afterHop2, found))}.`,
      [hoverModules.createQueryHop3]: `${verdict}\nBefore your query, ${list(missingAfter(afterHop2))} were missing; your query found ${list(newIn(afterHop2, found))}.`,
    },
  };
}

function titlesRetrievedBy(execution: Execution, module: string): Set<string> {
  const titles = new Set<string>();
  for (const entry of execution.trace) {
    if (entry.module !== module) continue;
    for (const title of stringList(entry.output?.['retrieved_titles']))
      titles.add(normalizeTitle(title));
  }
  return titles;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function list(titles: readonly string[]): string {
  return titles.length === 0 ? 'none' : titles.map((title) => `'${title}'`).join(', ');
}
