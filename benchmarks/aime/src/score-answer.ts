import { InvalidArgumentError } from '@forge/provider';
import { parsePythonInt, parseStrippedPythonInt } from './python-int.js';

/** How a prediction was judged, for feedback. */
export type AnswerJudgement =
  | {
      /** The prediction parsed as an integer. */
      readonly kind: 'parsed';
      /** 1 when it equals the gold answer. */
      readonly score: 0 | 1;
      /** The parsed prediction. */
      readonly predicted: bigint;
      /** The gold answer. */
      readonly gold: bigint;
    }
  | {
      /** There was no prediction, or it is not an integer under Python `int()` rules. */
      readonly kind: 'unparseable';
      /** Always 0. */
      readonly score: 0;
      /** The gold answer. */
      readonly gold: bigint;
      /** Why the prediction did not parse. */
      readonly reason: string;
    };

/**
 * The AIME metric (GEPA artifact `AIME/__init__.py::metric`, SPEC §11): the stripped prediction is
 * parsed with Python `int()` semantics and compared exactly with the gold integer. A prediction
 * that `int()` would reject, or that is missing, scores 0.
 */
export function scoreAnswer(prediction: unknown, gold: number | bigint | string): 0 | 1 {
  return judgeAnswer(prediction, gold).score;
}

/** `scoreAnswer` with the details feedback needs. */
export function judgeAnswer(prediction: unknown, gold: number | bigint | string): AnswerJudgement {
  const goldValue = goldInteger(gold);
  if (typeof prediction === 'bigint') return compared(prediction, goldValue);
  if (typeof prediction === 'number') {
    if (Number.isSafeInteger(prediction)) return compared(BigInt(prediction), goldValue);
    return { kind: 'unparseable', score: 0, gold: goldValue, reason: 'it is not a whole number' };
  }
  if (typeof prediction !== 'string') {
    return { kind: 'unparseable', score: 0, gold: goldValue, reason: 'there is no answer' };
  }
  const parsed = parseStrippedPythonInt(prediction);
  if (!parsed.ok) return { kind: 'unparseable', score: 0, gold: goldValue, reason: parsed.reason };
  return compared(parsed.value, goldValue);
}

function compared(predicted: bigint, gold: bigint): AnswerJudgement {
  return { kind: 'parsed', score: predicted === gold ? 1 : 0, predicted, gold };
}

// The reference calls int() on the gold answer outside its try block: a bad gold answer is a
// data error, not a wrong prediction.
function goldInteger(gold: number | bigint | string): bigint {
  if (typeof gold === 'bigint') return gold;
  if (typeof gold === 'number' && Number.isSafeInteger(gold)) return BigInt(gold);
  if (typeof gold === 'string') {
    const parsed = parsePythonInt(gold);
    if (parsed.ok) return parsed.value;
  }
  throw new InvalidArgumentError({
    argument: 'gold',
    message: `AIME gold answer ${JSON.stringify(String(gold))} is not an integer`,
  });
}
