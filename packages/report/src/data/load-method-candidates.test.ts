import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCheckpointStore, SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { renderLineageChart } from '../charts/lineage-chart.js';
import { loadReportData } from './load-report-data.js';

const root = mkdtempSync(join(tmpdir(), 'forge-report-method-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const prompts = (suffix: string) => ({ first: `first${suffix}`, second: `second${suffix}` });

/** A GEPA+merge run as `@forge/method-gepa` records it: seed, two reflections, one merge. */
async function recordMethodRun(name: string) {
  const runDir = join(root, name);
  const store = new SqliteRunStore(runDir);
  store.writeInstances('validation', [
    { id: 'v0', input: { x: 0 }, gold: { y: 0 } },
    { id: 'v1', input: { x: 1 }, gold: { y: 1 } },
  ]);
  for (const [key, value] of Object.entries({
    benchmark: 'sim',
    title: 'Simulated',
    method: 'gepa-merge',
    variant: 'gepa-merge',
    models: JSON.stringify({ task: 'sim:task', reflect: 'sim:optimizer' }),
    simulated: 'true',
    max_evaluations: '40',
    status: 'completed',
  })) {
    store.setMeta(key, value);
  }
  const checkpoints = new SqliteCheckpointStore(store.database);
  await checkpoints.initialize({ method: 'gepa-merge', formatVersion: 1, identity: {} });
  const candidate = (step: number | null, data: Record<string, unknown>) => ({
    kind: 'candidate',
    step,
    data,
  });
  await checkpoints.save({
    state: {},
    records: [
      candidate(null, {
        candidate: 0,
        parents: [],
        origin: 'seed',
        validation: 0,
        evaluationsUsed: 2,
        prompts: prompts(''),
        validationScores: { v0: 0, v1: 0 },
      }),
    ],
  });
  await checkpoints.save({
    state: {},
    records: [
      candidate(0, {
        candidate: 1,
        parents: [0],
        origin: 'reflection',
        components: ['first'],
        validation: 0.5,
        evaluationsUsed: 10,
        prompts: { ...prompts(''), first: 'first+a' },
      }),
      candidate(1, {
        candidate: 2,
        parents: [0],
        origin: 'reflection',
        components: ['second'],
        validation: 0.5,
        evaluationsUsed: 18,
        prompts: { ...prompts(''), second: 'second+c' },
      }),
      {
        kind: 'merge',
        step: 2,
        data: { id1: 1, id2: 2, ancestor: 0, accepted: true, candidate: 3 },
      },
      candidate(2, {
        candidate: 3,
        parents: [1, 2],
        origin: 'merge',
        ancestor: 0,
        validation: 1,
        evaluationsUsed: 25,
        prompts: { first: 'first+a', second: 'second+c' },
        validationScores: { v0: 1, v1: 1 },
      }),
      { kind: 'iteration', step: 3, data: { outcome: 'rejected', evaluationsUsed: 31 } },
    ],
  });
  const data = loadReportData(store.database, runDir, {
    now: new Date(0),
    probe: { host: 'h', isAlive: () => true },
  });
  store.close();
  return data;
}

describe("a method run's report data", () => {
  it('comes from its checkpoint records when the run has no Forge candidates', async () => {
    const data = await recordMethodRun('gepa-merge');
    expect(data.candidates.map((candidate) => [candidate.index, candidate.parent])).toEqual([
      [0, null],
      [1, 0],
      [2, 0],
      [3, 1],
    ]);
    expect(data.candidates[3]).toMatchObject({
      otherParents: [2],
      origin: 'merge',
      validationScore: 1,
    });
    expect(data.candidates[1]).toMatchObject({
      module: 'first',
      evaluationsAtDiscovery: 8,
      evaluationsSpent: 10,
    });
    expect(data.summary).toMatchObject({
      seedScore: 0,
      bestScore: 1,
      bestCandidate: 3,
      evaluationsUsed: 31,
      maxEvaluations: 40,
      steps: 4,
      candidates: 4,
    });
    expect(data.bestPrompts).toEqual({ first: 'first+a', second: 'second+c' });
    expect(data.seedPrompts).toEqual(prompts(''));
    // Scores per validation instance where the records hold them, null where they do not.
    expect(data.validationInstances.map((instance) => [instance.id, instance.scores])).toEqual([
      ['v0', [0, null, null, 1]],
      ['v1', [0, null, null, 1]],
    ]);
    expect(data.curve.map((point) => [point.evaluations, point.bestScore])).toEqual([
      [2, 0],
      [10, 0.5],
      [18, 0.5],
      [25, 1],
      [31, 1],
    ]);
  });

  it('draws the merge in the lineage: square node, dashed edge from its second parent', async () => {
    const markup = renderLineageChart(await recordMethodRun('lineage'));
    expect(markup).toMatch(/<rect class="lineage-node lineage-merge lineage-best"[^>]*rx="3"/);
    const mergeEdges = [
      ...markup.matchAll(/<path class="lineage-edge lineage-merge-edge"([^>]*)>/g),
    ];
    // One in the legend, one from candidate 2 into candidate 3.
    expect(mergeEdges).toHaveLength(2);
    expect(mergeEdges[1]?.[1]).toContain('data-merge-parent="2"');
    expect(mergeEdges[1]?.[1]).toContain('data-candidate="3"');
    expect(markup).toContain('Merge of #1 and #2, step 2');
    expect(markup).toContain('1 merged candidate (square corners) also has a dashed edge');
  });
});
