import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReportData, type RunReportData } from '@forge/report';
import { openRunDatabase } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';

// GEPA, GEPA+merge, ACE and MIPROv2 through the sdk on the simulated world (SIMULATED models):
// what their run directories keep for the report.
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-records-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(method: string, maxEvaluations: number): Promise<RunReportData> {
  const runDir = join(root, method);
  await optimize({
    benchmark: 'sim',
    taskModel: 'sim:task',
    optimizerModel: 'sim:optimizer',
    budget: { maxEvaluations },
    method,
    runDir,
  });
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    return loadReportData(database, runDir);
  } finally {
    database.close();
  }
}

/** Every validated candidate has its validation pass in full: output, feedback and trace. */
function expectExecutions(data: RunReportData): void {
  const validationSize = data.validationInstances.length;
  expect(validationSize).toBeGreaterThan(0);
  for (const candidate of data.candidates) {
    const evaluations = data.evaluations.filter((entry) => entry.candidate === candidate.index);
    expect(evaluations.map((entry) => entry.instanceId).sort()).toEqual(
      data.validationInstances.map((instance) => instance.id).sort(),
    );
    for (const evaluation of evaluations) {
      expect(Object.keys(evaluation.output).length).toBeGreaterThan(0);
      expect(evaluation.trace.length).toBeGreaterThan(0);
      expect(evaluation.trace[0]?.messages.length).toBeGreaterThan(0);
    }
  }
  expect(data.evaluations.some((entry) => entry.feedback !== undefined)).toBe(true);
}

describe('peer methods keep what the report explains their runs with', () => {
  it('GEPA+merge: every reflection with its answer and diff, every merge, every validation pass', async () => {
    const data = await run('gepa-merge', 300);
    const reflections = data.proposals.filter((proposal) => proposal.kind === 'reflection');
    expect(reflections.length).toBeGreaterThan(0);
    const changed = reflections.filter((proposal) => proposal.proposedPrompt !== undefined);
    expect(changed.length).toBeGreaterThan(0);
    for (const proposal of changed) {
      expect(proposal.answers?.[0]?.role).toBe('reflect');
      expect(proposal.answers?.[0]?.text.length).toBeGreaterThan(0);
      expect(proposal.parentPrompt).toBeDefined();
      expect(proposal.proposalScores).toHaveLength(proposal.minibatch.length);
    }
    // The reflector may repeat a prompt; most of its proposals change it.
    expect(
      changed.filter((proposal) => proposal.proposedPrompt !== proposal.parentPrompt).length,
    ).toBeGreaterThan(changed.length / 2);
    // Each accepted proposal names the candidate it became, which is in the lineage.
    const accepted = reflections.filter((proposal) => proposal.outcome === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    for (const proposal of accepted)
      expect(data.candidates.map((candidate) => candidate.index)).toContain(proposal.candidate);
    const merges = data.proposals.filter((proposal) => proposal.kind === 'merge');
    expect(merges.length).toBeGreaterThan(0);
    expect(merges[0]?.otherParents).toHaveLength(1);
    expectExecutions(data);
  });

  it('ACE: each step with the reflector and curator answers, the operations and the playbook diff', async () => {
    const data = await run('ace', 200);
    expect(data.proposals.length).toBeGreaterThan(0);
    const curated = data.proposals.filter((proposal) => proposal.outcome === 'accepted');
    expect(curated.length).toBeGreaterThan(0);
    for (const proposal of curated) {
      expect(proposal.module).toBe('playbook');
      expect(proposal.answers?.map((answer) => answer.role)).toContain('curate');
      expect(proposal.answers?.map((answer) => answer.role)).toContain('reflect');
      expect(proposal.details?.some((line) => /^#\d+ (ADD|UPDATE|MERGE|DELETE)\b/.test(line))).toBe(
        true,
      );
      expect(proposal.details?.some((line) => line.startsWith('applied #'))).toBe(true);
      expect(proposal.proposedPrompt).not.toBe(proposal.parentPrompt);
    }
    expectExecutions(data);
  });

  it('MIPROv2: each instruction proposal with the proposer answer, each validated trial’s executions', async () => {
    const data = await run('mipro', 200);
    const instructions = data.proposals.filter((proposal) => proposal.kind === 'instruction');
    expect(instructions.length).toBeGreaterThan(0);
    for (const proposal of instructions.filter((entry) => entry.outcome === 'accepted')) {
      expect(proposal.answers?.[0]?.role).toBe('propose');
      expect(proposal.proposedPrompt?.length).toBeGreaterThan(0);
      expect(proposal.parentPrompt).toBeDefined();
    }
    expect(new Set(instructions.map((proposal) => proposal.step)).size).toBe(instructions.length);
    expect(data.mipro?.trials.length).toBeGreaterThan(0);
    expectExecutions(data);
  });
});
