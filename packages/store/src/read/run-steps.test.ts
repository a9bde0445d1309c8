import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readRunReflections, readRunSteps } from './run-steps.js';

const run = freshRunDatabase();
afterAll(run.remove);

const step = (number: number, outcome: string, extra: Record<string, unknown> = {}) => ({
  step: number,
  parent: 0,
  module: 'answer',
  outcome,
  no_op_reason: null,
  minibatch: '["t1","t2"]',
  parent_scores: '[0,1]',
  proposal_scores: null,
  candidate: null,
  evaluations: 2,
  improved: 0,
  evaluations_used: 10 + number * 2,
  ...extra,
});

describe('readRunSteps and readRunReflections', () => {
  it('read steps in order with their JSON columns as text and `improved` as a boolean', () => {
    plantRows(run.database, 'steps', [
      step(2, 'no-op', { no_op_reason: 'missing-block' }),
      step(1, 'accepted', { proposal_scores: '[1,1]', candidate: 1, evaluations: 4, improved: 1 }),
    ]);
    const steps = readRunSteps(run.database);
    expect(steps.map((row) => row.step)).toEqual([1, 2]);
    expect(steps[0]).toEqual({
      step: 1,
      parent: 0,
      module: 'answer',
      outcome: 'accepted',
      noOpReason: null,
      minibatchJson: '["t1","t2"]',
      parentScoresJson: '[0,1]',
      proposalScoresJson: '[1,1]',
      candidate: 1,
      evaluations: 4,
      improved: true,
      evaluationsUsed: 12,
    });
    expect(steps[1]).toMatchObject({
      outcome: 'no-op',
      noOpReason: 'missing-block',
      improved: false,
    });
  });

  it('read every reflector answer in step order', () => {
    plantRows(run.database, 'reflections', [
      { step: 2, parent: 0, module: 'answer', response_text: 'no block', prompt: null },
      { step: 1, parent: 0, module: 'answer', response_text: '```new```', prompt: 'new' },
    ]);
    expect(readRunReflections(run.database)).toEqual([
      { step: 1, parent: 0, module: 'answer', responseText: '```new```', prompt: 'new' },
      { step: 2, parent: 0, module: 'answer', responseText: 'no block', prompt: null },
    ]);
  });
});
