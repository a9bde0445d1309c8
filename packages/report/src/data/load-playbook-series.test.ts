import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRunDatabase, SqliteCheckpointStore, SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRunReport } from '../render-run-report.js';
import { loadReportData } from './load-report-data.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-playbook-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const size = (bullets: number, helpful: number, harmful = 0) => ({
  bullets,
  tokens: bullets * 12,
  helpful,
  harmful,
});

/** An ACE run as `@forge/method-ace` records it: candidates, and steps with the playbook's size. */
async function recordAceRun(name: string, options: { playbook: boolean }): Promise<string> {
  const runDir = join(root, name);
  const store = new SqliteRunStore(runDir);
  store.writeInstances('validation', [
    { id: 'v0', input: { x: 0 }, gold: { y: 0 } },
    { id: 'v1', input: { x: 1 }, gold: { y: 1 } },
  ]);
  for (const [key, value] of Object.entries({
    benchmark: 'sim',
    title: 'Simulated',
    method: 'ace',
    variant: 'ace',
    models: JSON.stringify({ task: 'sim:task', reflect: 'sim:optimizer', curate: 'sim:optimizer' }),
    simulated: 'true',
    max_evaluations: '40',
    status: 'completed',
  })) {
    store.setMeta(key, value);
  }
  const checkpoints = new SqliteCheckpointStore(store.database);
  await checkpoints.initialize({ method: 'ace', formatVersion: 1, identity: { seed: 3 } });
  const candidate = (index: number, validation: number, evaluationsUsed: number) => ({
    kind: 'candidate',
    step: index === 0 ? null : 4,
    data: {
      candidate: index,
      parent: index === 0 ? null : index - 1,
      origin: index === 0 ? 'seed' : 'epoch-end',
      validation,
      evaluationsUsed,
      validationScores: { v0: index === 0 ? 0 : 1, v1: 0 },
      prompts: { main: index === 0 ? 'Seed.' : 'Seed.\n\n# Playbook\n\n…' },
    },
  });
  await checkpoints.save({ state: {}, records: [candidate(0, 0, 2)] });
  const sizes = [size(1, 0), size(2, 1), size(2, 3), size(1, 2, 1)];
  for (const [step, playbook] of sizes.entries()) {
    await checkpoints.save({
      state: {},
      records: [
        {
          kind: 'step',
          step,
          data: { evaluationsUsed: 2 + 3 * (step + 1), ...(options.playbook ? { playbook } : {}) },
        },
        { kind: 'playbook', step, data: { bullets: [] } },
      ],
    });
  }
  await checkpoints.save({ state: {}, records: [candidate(1, 0.5, 16)] });
  store.close();
  return runDir;
}

function load(runDir: string) {
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    return loadReportData(database, runDir);
  } finally {
    database.close();
  }
}

describe('the playbook series of an ACE run', () => {
  it('is read from the step records, in step order', async () => {
    const data = load(await recordAceRun('ace', { playbook: true }));
    expect(data.playbook).toEqual([
      { step: 0, evaluationsUsed: 5, ...size(1, 0) },
      { step: 1, evaluationsUsed: 8, ...size(2, 1) },
      { step: 2, evaluationsUsed: 11, ...size(2, 3) },
      { step: 3, evaluationsUsed: 14, ...size(1, 2, 1) },
    ]);
    expect(data.summary).toMatchObject({ bestCandidate: 1, bestScore: 0.5, candidates: 2 });
  });

  it('puts a Playbook section, linked from the page`s contents, into the report', async () => {
    const html = renderRunReport(load(await recordAceRun('ace-page', { playbook: true })));
    expect(html).toContain('<a href="#playbook">Playbook</a>');
    expect(html).toContain('data-chart="playbook"');
    expect(html).toContain(
      'the playbook holds 1 bullets (about 12 tokens) with 2 helpful and 1 harmful tags',
    );
  });

  it('is absent for a method whose steps carry no playbook', async () => {
    const data = load(await recordAceRun('no-playbook', { playbook: false }));
    expect(data.playbook).toBeUndefined();
    expect(renderRunReport(data)).not.toContain('href="#playbook"');
  });
});
