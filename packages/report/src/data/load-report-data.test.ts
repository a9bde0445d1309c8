import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch, type SearchOptions, type SearchResult } from '@forge/core';
import { toyOptimizer } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import { acquireLease, leaseFileName, openRunDatabase, SqliteRunStore } from '@forge/store';
import { plantRows } from '@forge/store/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRunReport } from '../render-run-report.js';
import { loadReportData } from './load-report-data.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const signature = defineSignature({
  name: 'Toy',
  inputFields: [
    { name: 'category', type: 'str', description: 'Category.' },
    { name: 'value', type: 'int', description: 'Value.' },
  ],
  outputFields: [{ name: 'answer', type: 'str', description: 'Answer.' }],
});
const train = toyInstances('t', 10);
const validation = toyInstances('v', 8);
const alive = { host: 'test-host', isAlive: () => true };

async function recordRun(
  name: string,
  overrides: Partial<SearchOptions> = {},
): Promise<{ runDir: string; result: SearchResult }> {
  const runDir = join(root, name);
  const store = new SqliteRunStore(runDir);
  store.writeInstances('train', train);
  store.writeInstances('validation', validation);
  for (const [key, value] of Object.entries({
    benchmark: 'toy',
    models: JSON.stringify({ task: 'toy:task', reflect: 'toy:optimizer' }),
    status: 'running',
    writer_pid: '4242',
    writer_host: 'test-host',
  })) {
    store.setMeta(key, value);
  }
  const result = await runSearch({
    program: toyProgram(),
    evaluate: toyEvaluate,
    taskModel: toyTaskModel(),
    // Every fourth answer breaks its contract, so every kind of step shows up.
    optimizerModel: toyOptimizer({
      transform: (text, call) => (call % 4 === 3 ? 'not this time' : text),
    }),
    train,
    validation,
    maxEvaluations: 300,
    maxSteps: 14,
    seed: 6,
    store,
    synthesis: { variant: 'forge', attempts: 4, epochs: 2, patience: 2, signature },
    ...overrides,
  });
  store.close();
  return { runDir, result };
}

function load(runDir: string, probe = alive) {
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    return loadReportData(database, runDir, { now: new Date('2026-01-01T00:00:00Z'), probe });
  } finally {
    database.close();
  }
}

describe('loadReportData', () => {
  it('reads every proposal, evaluation and attempt a run saved', async () => {
    const { runDir, result } = await recordRun('full');
    const data = load(runDir);
    const reflected = result.history.filter((record) => record.outcome !== 'perfect');
    expect(data.proposals.map((proposal) => proposal.step)).toEqual(
      reflected.map((record) => record.step),
    );
    for (const proposal of data.proposals) {
      expect(proposal.reflection).toBeDefined();
      expect(proposal.parentPrompt).toBe(
        result.candidates[proposal.parent]?.prompts[proposal.module],
      );
      if (proposal.outcome === 'accepted') {
        expect(proposal.proposedPrompt).toBe(
          result.candidates[proposal.candidate ?? -1]?.prompts[proposal.module],
        );
      }
      if (proposal.outcome === 'no-op') expect(proposal.reflection).toBe('not this time');
      // What the reflector saw: the parent's imperfect executions on the minibatch, in order,
      // scored as the step recorded them.
      const executions = proposal.parentExecutions ?? [];
      expect(executions.length).toBeGreaterThan(0);
      for (const execution of executions) {
        const position = proposal.minibatch.indexOf(execution.instanceId);
        expect(position).toBeGreaterThanOrEqual(0);
        expect(execution.score).toBe(proposal.parentScores[position]);
        expect(execution.score).toBeLessThan(1);
        expect(execution.trace.length).toBeGreaterThan(0);
      }
      expect(executions.length).toBe(proposal.parentScores.filter((score) => score < 1).length);
    }
    expect(data.validationInstances.map((instance) => instance.id)).toEqual(
      validation.map((instance) => instance.id),
    );
    data.validationInstances.forEach((instance, position) => {
      expect(instance.scores).toEqual(result.validationScores.map((row) => row[position]));
    });
    expect(data.evaluations).toHaveLength(result.candidates.length * validation.length);
    expect(data.evaluations[0]?.trace[0]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
    const attempts = result.state.synthesis.reduce((total, event) => total + event.attempts, 0);
    expect(data.synthesisAttempts).toHaveLength(attempts);
    expect(data.synthesisAttempts.every((attempt) => attempt.source?.feedback !== undefined)).toBe(
      true,
    );
    expect(data.synthesisEvents.map((event) => event.event)).toEqual(
      result.state.synthesis.map((_, event) => event),
    );
  });

  it('puts the curve and every candidate where their evaluations were spent', async () => {
    const { runDir, result } = await recordRun('curve');
    const data = load(runDir);
    expect(data.curve[0]).toEqual({ evaluations: validation.length, bestScore: result.seedScore });
    expect(data.candidates[0]?.evaluationsSpent).toBe(validation.length);
    let evaluations = validation.length;
    for (const record of result.history) {
      evaluations += record.evaluations;
      if (record.candidate !== undefined) {
        expect(data.candidates[record.candidate]?.evaluationsSpent).toBe(evaluations);
      }
    }
    expect(data.curve.at(-1)?.evaluations).toBe(result.evaluationsUsed);
  });

  it('gives a window of failure modes to every synthesis epoch, the open one last', async () => {
    const { runDir, result } = await recordRun('windows');
    const data = load(runDir);
    const events = result.state.synthesis.length;
    expect(events).toBe(2);
    expect(data.failureModeWindows.slice(0, events).map((window) => window.label)).toEqual([
      'Before synthesis event 0',
      'Before synthesis event 1',
    ]);
    // Each window holds the failures filed in its epoch; the second may hold none (a search that
    // stopped failing files nothing), the first holds the ones synthesis drew from.
    const filed = data.failureModeWindows[0]?.modes ?? [];
    expect(filed.length).toBeGreaterThan(0);
    expect(filed.every((mode) => mode.failures > 0 && mode.description !== '')).toBe(true);
    const open = data.failureModeWindows.slice(events);
    expect(open.every((window) => window.open === true && window.event === events)).toBe(true);
  });

  it('counts contract violations from what was saved, with an example', async () => {
    const { runDir } = await recordRun('broken', {
      optimizerModel: toyOptimizer({ transform: () => 'I would rather not.' }),
    });
    const data = load(runDir);
    const roles = data.warnings.map((warning) => warning.role).sort();
    expect(roles).toEqual(['assign', 'reflect']);
    for (const warning of data.warnings) {
      expect(warning.rate).toBe(1);
      expect(warning.example).toBe('I would rather not.');
    }
    expect(
      load((await recordRun('healthy', { optimizerModel: toyOptimizer() })).runDir).warnings,
    ).toEqual([]);
  });

  it('calls a running run whose writer is gone interrupted, and marks unpriced roles', async () => {
    const { runDir } = await recordRun('killed', { maxSteps: 2 });
    // Saved as running: running while its lease is held, interrupted once nobody holds it.
    const writer = acquireLease(join(runDir, leaseFileName), {
      description: 'a test writer',
      heartbeatMs: false,
    });
    expect(load(runDir).run.status).toBe('running');
    writer.release();
    expect(load(runDir).run.status).toBe('interrupted');
    const database = openRunDatabase(runDir);
    plantRows(database, 'meta', [{ key: 'unpriced_models', value: JSON.stringify(['acme:opt']) }]);
    const call = { started_at: 't', duration_ms: 1, cached: 0, input_tokens: 10, output_tokens: 5 };
    plantRows(database, 'model_calls', [
      { ...call, role: 'reflect', provider: 'acme', model: 'opt', cost_usd: 0 },
      { ...call, role: 'task', provider: 'openai', model: 'gpt-5.5', cost_usd: 0.5 },
    ]);
    database.close();
    const data = load(runDir);
    expect(data.unpricedModels).toEqual(['acme:opt']);
    expect(data.usage.find((usage) => usage.role === 'reflect')?.unpricedModels).toEqual([
      'acme:opt',
    ]);
    expect(data.usage.find((usage) => usage.role === 'task')?.unpricedModels).toBeUndefined();
  });

  it("shows every method's recorded seed, profile and suite cell, not the header's or 0", async () => {
    // A Forge run's header says seed 6; a peer method writes no header, only the run's labels.
    const { runDir } = await recordRun('labelled', { maxSteps: 2 });
    expect(load(runDir).run).toMatchObject({ seed: 6 });
    expect(load(runDir).run.suiteCell).toBeUndefined();
    const label = (values: Record<string, string>) => {
      const store = new SqliteRunStore(runDir);
      for (const [key, value] of Object.entries(values)) store.setMeta(key, value);
      store.close();
    };
    label({
      seed: '2',
      profile: 'reference',
      suite_cell: JSON.stringify({
        id: 'toy/ace/t/o/seed-2/augmented',
        arm: 'augmented',
        role: 'aligned',
      }),
    });
    const data = load(runDir);
    expect(data.run).toMatchObject({
      seed: 2,
      profile: 'reference',
      suiteCell: { id: 'toy/ace/t/o/seed-2/augmented', arm: 'augmented', role: 'aligned' },
    });
    const page = renderRunReport(data);
    expect(page).toContain('seed 2 · forge · profile reference · arm augmented');
    expect(page).toContain('<th scope="row">Arm</th><td>augmented</td>');
    // Hostile or broken labels are data: a malformed cell is left out, a bad seed falls back.
    label({ seed: 'two', suite_cell: JSON.stringify({ id: 1, arm: '<b>', role: null }) });
    expect(load(runDir).run.seed).toBe(6);
    expect(load(runDir).run.suiteCell).toBeUndefined();
  });
});
