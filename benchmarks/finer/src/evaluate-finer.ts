import type { Evaluation, Execution, Instance } from '@forge/program';
import { type FinalAnswerSource, finalResponse, findFinalAnswer } from '@forge/program';
import { finerLabelNames } from './finer-labels.js';
import { normalizeTag } from './score-tag.js';

const sourceDescriptions: Readonly<Record<FinalAnswerSource, string>> = {
  json: 'the "final_answer" field of the JSON response',
  'embedded-json': 'the "final_answer" field of a JSON object embedded in the text',
  response: 'the whole response, because no JSON object with a "final_answer" field was found',
};

/** Scores one FiNER-139 execution with `scoreTag`'s rules and explains the verdict. */
export function evaluateFiner(instance: Instance, execution: Execution): Evaluation {
  const gold = String(instance.gold['label']);
  const found = findFinalAnswer(finalResponse(execution));
  const predicted = normalizeTag(found.answer);
  const source = `${sourceDescriptions[found.source]}${found.unfenced ? ' (inside a code fence)' : ''}`;
  const shown = found.answer.length > 200 ? `${found.answer.slice(0, 200)}…` : found.answer;
  if (predicted === normalizeTag(gold)) {
    return { score: 1, feedback: `Predicted tag '${gold}' (from ${source}) is correct.` };
  }
  let feedback = `Predicted tag '${shown}' (from ${source}) but the gold tag is '${gold}'.`;
  const known = finerLabelNames.some((name) => normalizeTag(name) === predicted);
  if (!known) {
    feedback += ` The prediction is not one of the ${finerLabelNames.length} labels; answer with a JSON object whose "final_answer" is exactly one label name.`;
  }
  return { score: 0, feedback };
}
