import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readAssignmentTally } from './assignment-tally.js';
import { readFailureModeSupport, readLastAssignmentEpoch } from './failure-mode-support.js';

const run = freshRunDatabase();
afterAll(run.remove);

const assignment = (seq: number, epoch: number, action: string, modeId: string | null) => ({
  seq,
  step: seq,
  observation_id: `o-${seq}`,
  epoch,
  action,
  mode_id: modeId,
  mode_name: null,
  reason: action === 'no-op' ? 'bad-json: no object' : null,
  response_text: action === 'no-op' ? 'not json' : null,
});

describe('readFailureModeSupport, readLastAssignmentEpoch and readAssignmentTally', () => {
  it('read nothing from a run that filed no failure', () => {
    expect(readLastAssignmentEpoch(run.database)).toBeUndefined();
    expect(readFailureModeSupport(run.database, 0)).toEqual([]);
    expect(readAssignmentTally(run.database)).toEqual({ total: 0, byAction: {} });
  });

  it('count each epoch’s failures by mode, with the name the epoch left it', () => {
    plantRows(run.database, 'assignments', [
      assignment(1, 0, 'create', 'e0-m0'),
      assignment(2, 0, 'create', 'e0-m1'),
      assignment(3, 0, 'no-op', null),
      assignment(4, 0, 'assign', 'e0-m1'),
      assignment(5, 0, 'rename', 'e0-m0'),
      assignment(6, 1, 'create', 'e1-m0'),
      assignment(7, 1, 'no-op', null),
    ]);
    plantRows(run.database, 'failure_modes', [
      {
        seq: 1,
        mode_id: 'e0-m0',
        epoch: 0,
        name: 'first',
        description: 'd0',
        step: 1,
        change: 'create',
        observation_id: 'o-1',
      },
      {
        seq: 2,
        mode_id: 'e0-m0',
        epoch: 0,
        name: 'renamed',
        description: 'd0b',
        step: 5,
        change: 'rename',
        observation_id: 'o-5',
      },
    ]);
    expect(readLastAssignmentEpoch(run.database)).toBe(1);
    expect(readFailureModeSupport(run.database, 0)).toEqual([
      { failureModeId: 'e0-m0', name: 'renamed', description: 'd0b', failures: 2 },
      // No saved mode row: the id stands in for the name.
      { failureModeId: 'e0-m1', name: 'e0-m1', description: '', failures: 2 },
    ]);
    expect(readFailureModeSupport(run.database, 1).map((mode) => mode.failures)).toEqual([1]);
    const tally = readAssignmentTally(run.database);
    expect(tally.total).toBe(7);
    expect({ ...tally.byAction }).toEqual({ create: 3, 'no-op': 2, assign: 1, rename: 1 });
    expect(Object.keys(tally.byAction)).toEqual(['create', 'no-op', 'assign', 'rename']);
    expect(tally.firstNoOp).toEqual({ reason: 'bad-json: no object', responseText: 'not json' });
  });
});
