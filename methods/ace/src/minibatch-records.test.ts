import type { MethodMinibatch, MethodProposal } from '@forge/method';
import { runMethodInWorld } from '@forge/method/testing';
import { createSimWorld } from '@forge/sim';
import { expect, it } from 'vitest';
import { aceMethod } from './ace-method.js';

// The simulated world (SIMULATED models): each sample's executions are stored with its proposal.

it('stores each sample’s first and post-curation executions, matching its proposal’s scores', async () => {
  const { records } = await runMethodInWorld(aceMethod, createSimWorld({ seed: 0 }), {
    budget: { maxEvaluations: 150 },
  });
  const proposals = records.filter((record) => record.kind === 'proposal');
  const minibatches = records.filter((record) => record.kind === 'minibatch');
  expect(proposals.length).toBeGreaterThan(3);
  expect(minibatches).toHaveLength(proposals.length);
  let afterCuration = 0;
  for (const [index, record] of proposals.entries()) {
    const proposal = record.data as MethodProposal;
    const minibatch = minibatches[index]?.data as MethodMinibatch;
    expect(minibatch.step).toBe(proposal.step);
    expect(minibatch.parent).toBe(proposal.parent);
    expect(minibatch.instances).toEqual(proposal.minibatch);
    expect(minibatch.parentExecutions.map((execution) => execution.instanceId)).toEqual(
      proposal.minibatch,
    );
    expect(minibatch.parentExecutions.map((execution) => execution.score)).toEqual(
      proposal.parentScores,
    );
    expect(minibatch.parentExecutions[0]?.trace.length).toBeGreaterThan(0);
    expect(minibatch.proposalExecutions?.map((execution) => execution.score)).toEqual(
      proposal.proposalScores,
    );
    if (proposal.proposalScores !== undefined) afterCuration++;
  }
  expect(afterCuration).toBeGreaterThan(0);
});
