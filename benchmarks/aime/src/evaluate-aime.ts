import type { Evaluation, Execution, Instance } from '@forge/program';
import { judgeAnswer } from './score-answer.js';

/**
 * Scores one AIME execution with `scoreAnswer` and explains the verdict. As in the paper (B.2),
 * the worked solution (when the instance has one in `metadata.solution`) is used only to write
 * feedback, never to score.
 */
export function evaluateAime(instance: Instance, execution: Execution): Evaluation {
  const prediction = execution.output['answer'];
  const judgement = judgeAnswer(prediction, instance.gold['answer'] as number | string);
  const gold = judgement.gold.toString();
  let feedback: string;
  if (judgement.kind === 'unparseable') {
    feedback =
      prediction === undefined || prediction === null
        ? `No final answer was found: the response has no <answer>…</answer> block and is not itself an integer. The correct answer is ${gold}.`
        : `The final answer ${JSON.stringify(String(prediction))} is not a valid integer under Python int() rules (${judgement.reason}), so it scores 0. The answer must be a bare integer. The correct answer is ${gold}.`;
  } else if (judgement.score === 1) {
    feedback = `The answer ${judgement.predicted} is correct.`;
  } else {
    feedback = `The answer ${judgement.predicted} is incorrect; the correct answer is ${gold}.`;
  }
  const solution = instance.metadata?.['solution'];
  if (typeof solution === 'string' && solution.trim() !== '') {
    feedback += `\n\nReference solution:\n${solution}\n\nCompare your reasoning with it and note which step or idea was missing.`;
  }
  return { score: judgement.score, feedback };
}
