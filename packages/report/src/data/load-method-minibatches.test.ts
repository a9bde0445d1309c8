import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minibatchRecord, proposalRecord, validationPassRecord } from '@forge/method';
import type { EvaluatedExecution } from '@forge/program';
import { SqliteCheckpointStore, SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProposals } from './load-proposals.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-minibatch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function evaluated(id: string, score: number, answer: string): EvaluatedExecution {
  return {
    instance: { id, input: { question: id }, gold: { answer: 'right' } },
    execution: {
      output: { answer },
      trace: [
        {
          module: 'answer',
          messages: [{ role: 'user', content: `question ${id}` }],
          output: { answer },
        },
      ],
    },
    evaluation: { score, feedback: `${answer} on ${id}` },
  } as unknown as EvaluatedExecution;
}

const proposal = (step: number, parent: number, kind: string, minibatch: string[]) =>
  proposalRecord({
    step,
    parent,
    module: 'answer',
    kind,
    outcome: 'accepted',
    minibatch,
    parentScores: minibatch.map(() => 0),
    proposalScores: minibatch.map(() => 1),
    candidate: step + 1,
  });

describe('loadProposals for a peer method', () => {
  it('joins each proposal with its minibatch executions, a merge with its parent’s validation pass', async () => {
    const store = new SqliteRunStore(join(root, 'run'));
    const checkpoints = new SqliteCheckpointStore(store.database);
    await checkpoints.initialize({ method: 'gepa-merge', formatVersion: 1, identity: {} });
    await checkpoints.save({
      state: {},
      records: [
        validationPassRecord(0, null, [evaluated('v0', 0, 'seed'), evaluated('v1', 0, 'seed')]),
      ],
    });
    await checkpoints.save({
      state: {},
      records: [
        proposal(0, 0, 'reflection', ['t1', 't2']),
        // A second module's proposal of the same step shares the one minibatch record.
        {
          ...proposal(0, 0, 'reflection', ['t1', 't2']),
          data: { ...(proposal(0, 0, 'reflection', ['t1', 't2']).data as object), module: 'other' },
        },
        minibatchRecord({
          step: 0,
          parent: 0,
          parentEvaluations: [evaluated('t1', 0, 'old'), evaluated('t2', 0, 'old')],
          proposalEvaluations: [evaluated('t1', 1, 'new'), evaluated('t2', 1, 'new')],
        }),
      ],
    });
    await checkpoints.save({
      state: {},
      records: [
        proposal(1, 0, 'merge', ['v1']),
        minibatchRecord({
          step: 1,
          parent: 0,
          parentEvaluations: [],
          proposalEvaluations: [evaluated('v1', 1, 'merged')],
        }),
        // A record whose instances are not the proposal's is not joined; hostile data is skipped.
        proposal(2, 0, 'reflection', ['t3']),
        minibatchRecord({ step: 2, parent: 0, parentEvaluations: [evaluated('t9', 0, 'x')] }),
        { kind: 'minibatch', step: 3, data: { step: 3, instances: 'nope', parentExecutions: 7 } },
        proposal(3, 0, 'reflection', ['t4']),
      ],
    });
    const proposals = loadProposals(store.database);
    expect(proposals.map((entry) => entry.step)).toEqual([0, 0, 1, 2, 3]);
    const [first, second, merge, mismatched, hostile] = proposals;
    for (const reflection of [first, second]) {
      expect(
        reflection?.parentExecutions?.map((execution) => [execution.instanceId, execution.score]),
      ).toEqual([
        ['t1', 0],
        ['t2', 0],
      ]);
      expect(reflection?.proposalExecutions?.map((execution) => execution.output)).toEqual([
        { answer: 'new' },
        { answer: 'new' },
      ]);
      expect(reflection?.parentExecutions?.[0]?.feedback).toBe('old on t1');
      expect(reflection?.parentExecutions?.[0]?.trace[0]?.messages[0]?.text).toBe('question t1');
    }
    expect(merge?.parentExecutions).toEqual([
      expect.objectContaining({ instanceId: 'v1', score: 0, output: { answer: 'seed' } }),
    ]);
    expect(merge?.proposalExecutions?.[0]).toMatchObject({ instanceId: 'v1', score: 1 });
    expect(mismatched).not.toHaveProperty('parentExecutions');
    expect(hostile).not.toHaveProperty('parentExecutions');
    expect(hostile).not.toHaveProperty('proposalExecutions');
    store.close();
  });
});
