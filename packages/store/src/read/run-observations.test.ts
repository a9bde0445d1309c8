import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readObservationSources, readRunObservations } from './run-observations.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readRunObservations and readObservationSources', () => {
  it('read observations by step and the sources of the ids asked for, with their input', () => {
    plantRows(run.database, 'instances', [
      {
        id: 't1',
        split: 'train',
        origin: 'original',
        input: '{"q":"t1"}',
        gold: '{}',
        metadata: null,
      },
    ]);
    plantRows(run.database, 'observations', [
      { id: 'o-2-0', step: 2, parent: 1, instance_id: 't1', score: 0, feedback: null, trace: '[]' },
      {
        id: 'o-1-0',
        step: 1,
        parent: 0,
        instance_id: 'gone',
        score: 0.5,
        feedback: 'close',
        trace: '[{"module":"m"}]',
      },
    ]);
    expect(
      readRunObservations(run.database).map((row) => [row.id, row.instanceId, row.traceJson]),
    ).toEqual([
      ['o-1-0', 'gone', '[{"module":"m"}]'],
      ['o-2-0', 't1', '[]'],
    ]);
    const sources = readObservationSources(run.database, ['o-2-0', 'o-1-0', 'o-9-9', 'o-2-0']);
    expect([...sources.keys()]).toEqual(['o-2-0', 'o-1-0']);
    expect(sources.get('o-2-0')).toEqual({
      id: 'o-2-0',
      instanceId: 't1',
      score: 0,
      feedback: null,
      inputJson: '{"q":"t1"}',
    });
    expect(sources.get('o-1-0')?.inputJson).toBeNull();
  });
});
