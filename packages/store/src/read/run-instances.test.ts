import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { countRunInstances, readRunInstances } from './run-instances.js';

const run = freshRunDatabase();
afterAll(run.remove);

const instance = (id: string, split: string, origin = 'original') => ({
  id,
  split,
  origin,
  input: `{"q":"${id}"}`,
  gold: '{"a":1}',
  metadata: null,
});

describe('readRunInstances and countRunInstances', () => {
  it('read and count instances by split and origin, in the order the run saved them', () => {
    plantRows(run.database, 'instances', [
      instance('v2', 'validation'),
      instance('t1', 'train'),
      instance('v1', 'validation'),
      instance('s1', 'train', 'synthetic'),
      instance('x1', 'test'),
    ]);
    expect(readRunInstances(run.database).map((row) => row.id)).toEqual([
      'v2',
      't1',
      'v1',
      's1',
      'x1',
    ]);
    expect(readRunInstances(run.database, { split: 'validation' })).toEqual([
      {
        id: 'v2',
        split: 'validation',
        origin: 'original',
        inputJson: '{"q":"v2"}',
        goldJson: '{"a":1}',
        metadataJson: null,
      },
      {
        id: 'v1',
        split: 'validation',
        origin: 'original',
        inputJson: '{"q":"v1"}',
        goldJson: '{"a":1}',
        metadataJson: null,
      },
    ]);
    expect(readRunInstances(run.database, { origin: 'synthetic' }).map((row) => row.id)).toEqual([
      's1',
    ]);
    expect(countRunInstances(run.database)).toEqual({
      originalTraining: 1,
      synthetic: 1,
      validation: 2,
      test: 1,
    });
  });
});
