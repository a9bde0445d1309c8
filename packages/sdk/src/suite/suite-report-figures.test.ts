import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPercent } from '@forge/report';
import {
  openRunDatabase,
  readFailureModeSupport,
  readInstanceTestScores,
  readRunInstances,
  readSynthesisEvents,
} from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runSuite } from './run-suite.js';

// A real suite on the offline simulated world (every number here is simulated): Forge and GEPA
// on the simulated date task, two seeds, then the report's Figure 3(b)/(c) and solve matrix
// checked against the cells' own databases.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-figures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A cell's facts read through the store's readers, independent of the report's loader. */
function cellFacts(runDir: string) {
  const best = (
    JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as {
      bestCandidate: number;
    }
  ).bestCandidate;
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    const testIds = readRunInstances(database, { split: 'test' }).map((row) => row.id);
    const scores = new Map(
      readInstanceTestScores(database, best).map((row) => [row.instanceId, row.score]),
    );
    const events = readSynthesisEvents(database);
    const window = (epoch: number | undefined) => {
      const rows = readFailureModeSupport(database, epoch ?? -1);
      const total = rows.reduce((sum, row) => sum + row.failures, 0);
      return new Map(rows.map((row) => [row.name, row.failures / total]));
    };
    return {
      testIds,
      scores,
      first: window(events[0]?.epoch),
      final: window(events.at(-1)?.epoch),
    };
  } finally {
    database.close();
  }
}

describe('the suite report of a real simulated suite', () => {
  it('draws the solve matrix and Figure 3(b)/(c) from the cells’ databases, and each cell’s wall time', {
    timeout: 120_000,
  }, async () => {
    const dir = join(root, 'suite');
    const { results } = await runSuite(
      {
        name: 'figures',
        benchmarks: ['sim'],
        methods: ['forge', 'gepa'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        seeds: [0, 1],
        budget: { maxEvaluations: 100_000 },
        // Two synthesis events (a first and a distinct final window) at half the default cost.
        methodSettings: { forge: { synthesis: { attempts: 6, epochs: 2, patience: 4 } } },
      },
      { dir },
    );
    expect(results.cells.map((cell) => cell.status)).toEqual(['done', 'done', 'done', 'done']);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const facts = new Map(
      results.cells.map((cell) => [cell.id, cellFacts(join(dir, cell.runDir))] as const),
    );

    // The matrix: one row per test instance, each entry k/n over the method's two seeds.
    const testIds = [...(facts.values().next().value?.testIds ?? [])].sort();
    expect(testIds.length).toBeGreaterThan(10);
    const rowIds = [...html.matchAll(/<tr data-instance="([^"]+)"/g)].map((match) => match[1]);
    expect([...rowIds].sort()).toEqual(testIds);
    for (const [position, method] of ['forge', 'gepa'].entries()) {
      const cells = results.cells.filter((cell) => cell.method === method);
      for (const cell of cells) {
        // The per-instance scores are the cell's reported test score.
        const scores = [...(facts.get(cell.id)?.scores.values() ?? [])];
        expect(scores.reduce((sum, score) => sum + score, 0) / scores.length).toBeCloseTo(
          cell.bestTest ?? Number.NaN,
          10,
        );
      }
      for (const id of testIds) {
        const solved = cells.filter((cell) => facts.get(cell.id)?.scores.get(id) === 1).length;
        const row = html.match(new RegExp(`<tr data-instance="${id}"[^\\n]*?</tr>`))?.[0] ?? '';
        const entries = [...row.matchAll(/>(\d\/\d)</g)].map((match) => match[1]);
        expect(entries[position], `${method} on ${id}`).toBe(`${solved}/2`);
      }
    }

    // Figure 3(b)/(c): Forge's column only (GEPA keeps no failure memory), both seeds counted,
    // each mode at its mean share over the seeds.
    expect(html).toContain('data-chart="suite-failure-modes"');
    const forgeCells = results.cells.filter((cell) => cell.method === 'forge');
    for (const key of ['first', 'final'] as const) {
      const windows = forgeCells.map((cell) => facts.get(cell.id)?.[key] ?? new Map());
      const names = new Set(windows.flatMap((window) => [...window.keys()]));
      expect(names.size).toBeGreaterThan(0);
      expect(html).toContain(
        `data-benchmark="sim" data-method="forge" data-window="${key}" data-seeds="2" data-modes="${names.size}"`,
      );
      for (const name of names) {
        const mean = windows.reduce((sum, window) => sum + (window.get(name) ?? 0), 0) / 2;
        expect(html, `${key} ${name}`).toContain(
          `— ${name}: mean share ${formatPercent(mean)} over 2 seed(s)`,
        );
      }
    }
    expect(html).not.toContain('data-method="gepa" data-window=');

    // Wall time per cell, from its database (never in results.json).
    const cellsTable = html.slice(html.indexOf('class="data-table suite-cells"'));
    expect([
      ...cellsTable.matchAll(/<td class="number" title="20\d\d-[^"]+ to 20\d\d-[^"]+">/g),
    ]).toHaveLength(4);
    expect(readFileSync(join(dir, 'results.json'), 'utf8')).not.toMatch(/wallTime|startedAt/);
  });
});
