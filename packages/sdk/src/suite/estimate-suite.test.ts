import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFakeAppWorldRoot } from '@forge/bench-appworld/testing';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readConfigFile } from '../config/load-config.js';
import { estimateSuite } from './estimate-suite.js';
import type { SuiteConfigInput } from './suite-config-schema.js';

// Estimates of suites holding an agentic benchmark (AppWorld, fake data) on simulated models.
const root = mkdtempSync(join(tmpdir(), 'forge-estimate-suite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
const appworldRoot = writeFakeAppWorldRoot(join(root, 'appworld')).root;

const suiteWith = (appworldSettings: Record<string, unknown>): SuiteConfigInput => ({
  name: 'estimate',
  benchmarks: ['sim', { id: 'appworld', benchmarkSettings: appworldSettings }],
  methods: ['baseline', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0, 1],
  budget: { maxEvaluations: 200 },
});

describe('estimateSuite', () => {
  it('sizes an agentic benchmark from its step cap and documented sizes, with no connection attempt', async () => {
    const fetch = vi.fn(async () => {
      throw new Error('no server may be contacted by an estimate');
    });
    vi.stubGlobal('fetch', fetch);
    // A server that never answers on the default port would hold a measuring run for a minute.
    const estimate = await estimateSuite(suiteWith({ appworldRoot, waitForServerMs: 60_000 }));
    expect(fetch).not.toHaveBeenCalled();
    expect(estimate.cells).toHaveLength(8);
    const appworld = estimate.assumptions.find((line) => line.startsWith('appworld:'));
    expect(appworld).toMatch(/documented sizes.*step cap of 50; not measured/);
    expect(estimate.assumptions.find((line) => line.startsWith('sim:'))).toMatch(
      /measured on \d+ training instance/,
    );
    const baseline = estimate.cells.find(
      ({ cell }) => cell.benchmark === 'appworld' && cell.method === 'baseline',
    )?.estimate;
    const task = baseline?.roles.find((role) => role.role === 'task');
    // The baseline evaluates the seed on validation (2) and test (2): 4 episodes of 50 calls.
    expect(task?.calls).toBe(4 * 50);
    expect(task?.outputTokens).toBe(4 * 50 * 300);
    expect(task?.inputTokens).toBe(4 * 50 * (1200 + (800 * 49) / 2));
    const rows = estimate.rows.filter((row) => row.benchmark === 'appworld');
    expect(rows.map((row) => `${row.method}/${row.role}`)).toContain('forge/reflect');
    expect(rows.find((row) => row.method === 'baseline' && row.role === 'task')).toMatchObject({
      cells: 2,
      calls: 400,
    });
    expect(estimate.wallSeconds).toBeGreaterThan(0);
    expect(estimate.assumptions.some((line) => line.startsWith('wall time:'))).toBe(true);
  });

  it('needs the data of the selected cells only', async () => {
    const missing = { appworldRoot: join(root, 'no-such-root') };
    const part = await estimateSuite(suiteWith(missing), { only: 'benchmark=sim' });
    expect(new Set(part.cells.map(({ cell }) => cell.benchmark))).toEqual(new Set(['sim']));
    expect(part.rows.every((row) => row.benchmark === 'sim')).toBe(true);
    await expect(estimateSuite(suiteWith(missing))).rejects.toThrow(
      /no-such-root.*cannot read the dataset file/,
    );
  });
});

describe('estimateSuite with per-cell caps', () => {
  it('lists the cells whose estimate exceeds a cap, and no control', async () => {
    const estimate = await estimateSuite({
      ...suiteWith({}),
      benchmarks: ['sim'],
      budget: { maxEvaluations: 200, maxOptimizerTokens: 1_000 },
    });
    const forge = estimate.cells.filter(({ cell }) => cell.method === 'forge');
    expect(forge).toHaveLength(2);
    expect(estimate.overCaps.map((excess) => excess.cell)).toEqual(
      forge.map(({ cell }) => cell.id),
    );
    for (const excess of estimate.overCaps) {
      expect(excess).toMatchObject({ cap: 'token-cap', limit: 1_000 });
      expect(excess.estimated).toBeGreaterThan(1_000);
    }
    const roomy = await estimateSuite({
      ...suiteWith({}),
      benchmarks: ['sim'],
      budget: { maxEvaluations: 200, maxOptimizerTokens: 1_000_000_000 },
    });
    expect(roomy.overCaps).toEqual([]);
  });
});

describe('estimateSuite: expected figure', () => {
  it("counts an aligned cell at its reference's expected count, and the caps in the upper bound", async () => {
    const estimate = await estimateSuite({
      ...suiteWith({}),
      benchmarks: ['sim'],
      methods: ['baseline', 'prompt-search', 'forge'],
      seeds: [0],
      budget: { maxEvaluations: 100_000 },
    });
    const of = (method: string) => estimate.cells.find(({ cell }) => cell.method === method);
    const forge = of('forge')?.estimate;
    const aligned = of('prompt-search')?.estimate;
    // The reference runs to completion: far below its cap.
    expect(forge?.evaluations).toBe(100_000);
    expect(forge?.expected.evaluations).toBeLessThan(1_000);
    expect(aligned?.evaluations).toBe(100_000);
    expect(aligned?.expected.evaluations).toBe(forge?.expected.evaluations);
    expect(aligned?.expected.basis[0]).toContain("its reference's expected count");
    expect(of('baseline')?.estimate.expected.evaluations).toBe(
      of('baseline')?.estimate.evaluations,
    );
    expect(estimate.expected.evaluations).toBe(
      estimate.cells.reduce((total, { estimate: cell }) => total + cell.expected.evaluations, 0),
    );
    expect(estimate.expected.methods.map((share) => share.method)).toEqual([
      'forge',
      'baseline',
      'prompt-search',
    ]);
    // The simulated task model measured itself: its calls per evaluation, not an assumption.
    expect(forge?.taskCalls.basis).toContain('the simulated task model sim:task');
  });
});

describe('estimateSuite on the shipped paper configs', () => {
  const suites = fileURLToPath(new URL('../../../../examples/suites/', import.meta.url));
  for (const name of ['paper-main', 'paper-ablation']) {
    it(`estimates ${name}'s AppWorld cells with no server running and no connection attempt`, async () => {
      const fetch = vi.fn(async () => {
        throw new Error('no server may be contacted by an estimate');
      });
      vi.stubGlobal('fetch', fetch);
      vi.stubEnv('APPWORLD_ROOT', appworldRoot);
      const raw = await readConfigFile(join(suites, `${name}.yaml`));
      const estimate = await estimateSuite(raw.value as SuiteConfigInput, {
        only: 'benchmark=appworld',
        configFile: raw.file,
        environment: { OPENAI_API_KEY: 'test-key' },
      });
      expect(fetch).not.toHaveBeenCalled();
      expect(estimate.cells.length).toBeGreaterThan(0);
      expect(estimate.cells.every(({ cell }) => cell.benchmark === 'appworld')).toBe(true);
      expect(estimate.assumptions.find((line) => line.startsWith('appworld:'))).toMatch(
        /counted at the step cap of 50; not measured/,
      );
    });
  }
});
