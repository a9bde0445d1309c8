import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateFiner } from './evaluate-finer.js';

const instance: Instance = {
  id: 'finer-test-1',
  input: { entity: '2.00', sentence: 's' },
  gold: { label: 'DebtInstrumentBasisSpreadOnVariableRate1' },
};

function respond(text: string): Execution {
  return {
    output: {},
    trace: [{ module: 'tagger', messages: [{ role: 'assistant', content: text }] }],
  };
}

describe('evaluateFiner', () => {
  it('scores a matching tag 1, whatever its case', () => {
    const evaluation = evaluateFiner(
      instance,
      respond(
        '```json\n{"reasoning": "spread", "final_answer": "debtinstrumentbasisspreadonvariablerate1"}\n```',
      ),
    );
    expect(evaluation).toEqual({
      score: 1,
      feedback: `Predicted tag 'DebtInstrumentBasisSpreadOnVariableRate1' (from the "final_answer" field of the JSON response (inside a code fence)) is correct.`,
    });
  });

  it('names the predicted tag, where it came from, and the gold tag', () => {
    const evaluation = evaluateFiner(
      instance,
      respond('{"final_answer": "DebtInstrumentInterestRateStatedPercentage"}'),
    );
    expect(evaluation).toEqual({
      score: 0,
      feedback: `Predicted tag 'DebtInstrumentInterestRateStatedPercentage' (from the "final_answer" field of the JSON response) but the gold tag is 'DebtInstrumentBasisSpreadOnVariableRate1'.`,
    });
  });

  it('says when the prediction is outside the label set or no JSON was found', () => {
    const evaluation = evaluateFiner(instance, respond('I would say it is the spread.'));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      'from the whole response, because no JSON object with a "final_answer" field was found',
    );
    expect(evaluation.feedback).toContain('not one of the 12 labels');
  });
});
