import type { Evaluation, Execution, Instance } from '@forge/program';
import { finalResponse } from '@forge/program';
import { extractAnswerWithRule, extractionRuleDescriptions } from './extract-answer.js';

/**
 * Scores one MMLU-Pro execution with `scoreResponse`'s rules on the raw response and says which
 * extraction rule decided.
 */
export function evaluateMmluPro(instance: Instance, execution: Execution): Evaluation {
  const gold = String(instance.gold['answer']);
  const extraction = extractAnswerWithRule(finalResponse(execution));
  if (extraction.letter === null) {
    return {
      score: 0,
      feedback: `No answer letter could be extracted: the response has no "answer is (X)", no "Answer: X" and no standalone letter A–J. The gold answer is '${gold}'${describeOption(instance, gold)}. End the response with "The answer is (X)".`,
    };
  }
  const rule = extractionRuleDescriptions[extraction.rule];
  if (extraction.letter === gold) {
    return { score: 1, feedback: `Extracted answer '${gold}' (${rule}) is correct.` };
  }
  let feedback = `Extracted answer '${extraction.letter}' (${rule}) but the gold answer is '${gold}'${describeOption(instance, gold)}.`;
  if (extraction.rule !== 'answer-is') {
    feedback +=
      ' The response did not state "The answer is (X)", so a fallback rule picked the letter; state the final choice in that form.';
  }
  return { score: 0, feedback };
}

function describeOption(instance: Instance, letter: string): string {
  const options = instance.input['options'];
  const option = Array.isArray(options) ? options['ABCDEFGHIJ'.indexOf(letter)] : undefined;
  return typeof option === 'string' ? ` ("${option}")` : '';
}
