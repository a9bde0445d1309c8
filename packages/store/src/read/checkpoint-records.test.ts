import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readCheckpointRecords, readStoredCheckpoint } from './checkpoint-records.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readCheckpointRecords and readStoredCheckpoint', () => {
  it('read nothing from a run without a checkpoint', () => {
    expect(readStoredCheckpoint(run.database)).toBeUndefined();
    expect(readCheckpointRecords(run.database)).toEqual([]);
  });

  it('read every record in save order, or only the kinds asked for', () => {
    plantRows(run.database, 'checkpoint_records', [
      { seq: 1, save: 1, kind: 'candidate', step: null, data: '{"candidate":0}' },
      { seq: 2, save: 1, kind: 'step', step: 0, data: '{"step":0}' },
      { seq: 3, save: 2, kind: 'proposal', step: 1, data: '{"outcome":"accepted"}' },
      { seq: 4, save: 2, kind: 'candidate', step: 1, data: '{"candidate":1}' },
    ]);
    expect(readCheckpointRecords(run.database).map((record) => record.seq)).toEqual([1, 2, 3, 4]);
    expect(readCheckpointRecords(run.database, ['candidate', 'proposal'])).toEqual([
      { seq: 1, save: 1, kind: 'candidate', step: null, dataJson: '{"candidate":0}' },
      { seq: 3, save: 2, kind: 'proposal', step: 1, dataJson: '{"outcome":"accepted"}' },
      { seq: 4, save: 2, kind: 'candidate', step: 1, dataJson: '{"candidate":1}' },
    ]);
    expect(readCheckpointRecords(run.database, [])).toEqual([]);
    expect(readCheckpointRecords(run.database, ["x' OR 1=1 --"])).toEqual([]);
  });

  it('read the latest checkpoint with its header and state as saved', () => {
    plantRows(run.database, 'checkpoint', [
      { id: 1, header: '{"method":"gepa"}', saves: 3, state: null },
    ]);
    expect(readStoredCheckpoint(run.database)).toEqual({
      headerJson: '{"method":"gepa"}',
      saves: 3,
      stateJson: null,
    });
  });
});
