import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readValidationEvaluations, readValidationScores } from './validation-evaluations.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readValidationScores and readValidationEvaluations', () => {
  it('read scores in the order saved, and full evaluations by candidate', () => {
    plantRows(run.database, 'validation_scores', [
      { candidate: 1, instance_id: 'v1', score: 1 },
      { candidate: 0, instance_id: 'v1', score: 0 },
    ]);
    plantRows(run.database, 'validation_evaluations', [
      {
        candidate: 1,
        instance_id: 'v1',
        output: '{"a":1}',
        feedback: null,
        module_feedback: null,
        trace: '[]',
      },
      {
        candidate: 0,
        instance_id: 'v2',
        output: '{}',
        feedback: 'wrong',
        module_feedback: '{"m":"x"}',
        trace: '[{}]',
      },
      {
        candidate: 0,
        instance_id: 'v1',
        output: '{}',
        feedback: null,
        module_feedback: null,
        trace: '[]',
      },
    ]);
    expect(readValidationScores(run.database)).toEqual([
      { candidate: 1, instanceId: 'v1', score: 1 },
      { candidate: 0, instanceId: 'v1', score: 0 },
    ]);
    const evaluations = readValidationEvaluations(run.database);
    expect(evaluations.map((row) => [row.candidate, row.instanceId])).toEqual([
      [0, 'v2'],
      [0, 'v1'],
      [1, 'v1'],
    ]);
    expect(evaluations[0]).toEqual({
      candidate: 0,
      instanceId: 'v2',
      outputJson: '{}',
      feedback: 'wrong',
      moduleFeedbackJson: '{"m":"x"}',
      traceJson: '[{}]',
    });
  });
});
