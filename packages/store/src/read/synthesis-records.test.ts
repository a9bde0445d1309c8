import { afterAll, describe, expect, it } from 'vitest';
import { freshRunDatabase } from '../testing/fresh-run-database.js';
import { plantRows } from '../testing/plant-rows.js';
import { readSynthesisAttempts, readSynthesisEvents } from './synthesis-records.js';

const run = freshRunDatabase();
afterAll(run.remove);

describe('readSynthesisEvents and readSynthesisAttempts', () => {
  it('read events in order and attempts by event and slot', () => {
    plantRows(run.database, 'synthesis_events', [
      {
        event: 1,
        step: 8,
        epoch: 1,
        evaluations_used: 90,
        attempts: 1,
        admitted: 0,
        accounting: '{}',
      },
      {
        event: 0,
        step: 4,
        epoch: 0,
        evaluations_used: 40,
        attempts: 2,
        admitted: 1,
        accounting: '{"outcomes":{}}',
      },
    ]);
    plantRows(run.database, 'synthesis_attempts', [
      {
        event: 1,
        slot: 0,
        mode_id: null,
        mode_name: null,
        intent: 'i',
        outcome: 'generation-failed',
        reason: 'r',
        instance_id: null,
        record: '{}',
      },
      {
        event: 0,
        slot: 1,
        mode_id: 'e0-m0',
        mode_name: 'm',
        intent: 'i',
        outcome: 'admitted',
        reason: 'ok',
        instance_id: 's1',
        record: '{"a":1}',
      },
      {
        event: 0,
        slot: 0,
        mode_id: 'e0-m0',
        mode_name: 'm',
        intent: 'i',
        outcome: 'rejected-validity',
        reason: 'no',
        instance_id: 's0',
        record: '{}',
      },
    ]);
    expect(readSynthesisEvents(run.database)).toEqual([
      {
        event: 0,
        step: 4,
        epoch: 0,
        evaluationsUsed: 40,
        attempts: 2,
        admitted: 1,
        accountingJson: '{"outcomes":{}}',
      },
      {
        event: 1,
        step: 8,
        epoch: 1,
        evaluationsUsed: 90,
        attempts: 1,
        admitted: 0,
        accountingJson: '{}',
      },
    ]);
    const attempts = readSynthesisAttempts(run.database);
    expect(attempts.map((row) => [row.event, row.slot, row.outcome])).toEqual([
      [0, 0, 'rejected-validity'],
      [0, 1, 'admitted'],
      [1, 0, 'generation-failed'],
    ]);
    expect(attempts[1]).toEqual({
      event: 0,
      slot: 1,
      failureModeId: 'e0-m0',
      failureModeName: 'm',
      intent: 'i',
      outcome: 'admitted',
      reason: 'ok',
      instanceId: 's1',
      recordJson: '{"a":1}',
    });
  });
});
