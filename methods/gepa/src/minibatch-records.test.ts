import type { MethodMinibatch, MethodProposal } from '@forge/method';
import { runMethodInWorld } from '@forge/method/testing';
import { createSimWorld } from '@forge/sim';
import { describe, expect, it } from 'vitest';
import { gepaMergeMethod, gepaMethod } from './gepa-method.js';

// The simulated world (SIMULATED models): each proposal's minibatch executions are stored.

describe.each([gepaMethod, gepaMergeMethod])('$id minibatch records', (method) => {
  it('stores the executions each proposal was judged on, matching its scores', async () => {
    const { records } = await runMethodInWorld(method, createSimWorld({ seed: 0 }), {
      budget: { maxEvaluations: 600 },
    });
    const proposals = records.filter((record) => record.kind === 'proposal');
    const minibatches = new Map(
      records
        .filter((record) => record.kind === 'minibatch')
        .map((record) => [record.step, record.data as MethodMinibatch]),
    );
    expect(proposals.length).toBeGreaterThan(0);
    const validationPasses = records.filter((record) => record.kind === 'validation-pass');
    let merges = 0;
    for (const record of proposals) {
      const proposal = record.data as MethodProposal;
      const minibatch = minibatches.get(proposal.step);
      expect(minibatch, `step ${proposal.step}`).toBeDefined();
      if (minibatch === undefined) continue;
      expect(minibatch.instances).toEqual(proposal.minibatch);
      expect(minibatch.parent).toBe(proposal.parent);
      if (proposal.kind === 'merge') {
        merges++;
        // The first parent's executions are those of its validation pass.
        expect(minibatch.parentExecutions).toEqual([]);
        const pass = validationPasses.find(
          (candidate) => (candidate.data as { candidate: number }).candidate === proposal.parent,
        );
        const stored =
          (pass?.data as { evaluations?: { instanceId: string; score: number }[] } | undefined)
            ?.evaluations ?? [];
        expect(
          proposal.minibatch.map(
            (id) => stored.find((execution) => execution.instanceId === id)?.score,
          ),
        ).toEqual(proposal.parentScores);
      } else {
        expect(minibatch.parentExecutions.map((execution) => execution.instanceId)).toEqual(
          proposal.minibatch,
        );
        expect(minibatch.parentExecutions.map((execution) => execution.score)).toEqual(
          proposal.parentScores,
        );
        expect(minibatch.parentExecutions.every((execution) => execution.trace.length > 0)).toBe(
          true,
        );
      }
      if (proposal.proposalScores === undefined) continue;
      expect(minibatch.proposalExecutions?.map((execution) => execution.instanceId)).toEqual(
        proposal.minibatch,
      );
      expect(minibatch.proposalExecutions?.map((execution) => execution.score)).toEqual(
        proposal.proposalScores,
      );
    }
    // One record per step that made proposals, however many modules it rewrote.
    expect(minibatches.size).toBe(new Set(proposals.map((record) => record.step)).size);
    if (method.id === 'gepa-merge') expect(merges).toBeGreaterThan(0);
  });
});
