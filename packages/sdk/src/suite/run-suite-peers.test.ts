import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportSuite } from './export-suite.js';
import { reportSuite } from './report-suite.js';
import { runSuite } from './run-suite.js';

// Peer methods plug into a suite by their registry id alone. Simulated world: simulated numbers.
const root = mkdtempSync(join(tmpdir(), 'forge-suite-peers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a suite with peer methods', () => {
  it("aligns MIPROv2, ACE, GEPA and GEPA+merge to Forge's completed count, and they stay within it", async () => {
    const dir = join(root, 'peers');
    const result = await runSuite(
      {
        benchmarks: ['sim'],
        methods: ['baseline', 'mipro', 'ace', 'gepa', 'gepa-merge', 'forge'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        // Not seed 0, so a page that read no seed and said 0 would be caught.
        seeds: [1],
        budget: { maxEvaluations: 100_000 },
      },
      { dir },
    );
    const forge = result.results.cells.find((cell) => cell.method === 'forge');
    expect(forge?.status).toBe('done');
    for (const method of ['mipro', 'ace', 'gepa', 'gepa-merge']) {
      const cell = result.results.cells.find((candidate) => candidate.method === method);
      expect(cell).toMatchObject({
        status: 'done',
        ceiling: forge?.evaluationsUsed,
        exceededCeiling: false,
      });
      expect(cell?.evaluationsUsed).toBeLessThanOrEqual(forge?.evaluationsUsed ?? 0);
      expect(cell?.curve.length).toBeGreaterThan(0);
    }
    const main = readFileSync(join(dir, 'tables', 'main-sim-task-sim-optimizer.md'), 'utf8');
    expect(main).toContain(
      '| Benchmark | Test n | Baseline | MIPROv2 | ACE | GEPA | GEPA+merge | Forge |',
    );
    const report = readFileSync(join(dir, 'report.html'), 'utf8');
    for (const cell of result.results.cells) expect(report).toContain(`href="${cell.runDir}/`);
    // Every cell's own page says its seed, its arm and (for the peers with one) its profile.
    for (const cell of result.results.cells) {
      const page = readFileSync(join(dir, cell.runDir, 'report.html'), 'utf8');
      const subtitle = page.match(/<p class="subtitle">(.*?)<\/p>/)?.[1] ?? '';
      const profile = ['mipro', 'ace', 'gepa', 'gepa-merge'].includes(cell.method)
        ? ' · profile paper'
        : '';
      expect(subtitle, cell.id).toBe(
        `sim · task model sim:task · optimizer model sim:optimizer · seed 1 · ${cell.method}${profile} · arm original`,
      );
      expect(page, cell.id).toContain(`<th scope="row">Suite cell</th><td>${cell.id}`);
    }
  }, 120_000);

  it('runs GEPA with its reference profile, says it may exceed the ceiling, and flags it if it did', async () => {
    const dir = join(root, 'gepa-reference');
    const result = await runSuite(
      {
        benchmarks: ['sim'],
        methods: ['gepa', 'forge'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        budget: { maxEvaluations: 100_000 },
        methodSettings: { gepa: { profile: 'reference' } },
      },
      { dir },
    );
    const forge = result.results.cells.find((cell) => cell.method === 'forge');
    const gepa = result.results.cells.find((cell) => cell.method === 'gepa');
    expect(gepa).toMatchObject({ status: 'done', ceiling: forge?.evaluationsUsed });
    const used = gepa?.evaluationsUsed ?? 0;
    const ceiling = forge?.evaluationsUsed ?? 0;
    // The reference's rule: it stops only once the ceiling is reached.
    expect(used).toBeGreaterThanOrEqual(ceiling);
    expect(gepa?.exceededCeiling).toBe(used > ceiling);
    expect(gepa?.ceilingNote).toMatch(/only at the top of each iteration/);
    const written = JSON.parse(readFileSync(join(dir, gepa?.runDir ?? '', 'result.json'), 'utf8'));
    expect(written.ceilingNote).toBe(gepa?.ceilingNote);
    expect(written.summary.profile).toBe('reference');
    const page = readFileSync(join(dir, gepa?.runDir ?? '', 'report.html'), 'utf8');
    expect(page).toContain('seed 0 · gepa · profile reference · arm original');
    const main = readFileSync(join(dir, 'tables', 'main-sim-task-sim-optimizer.md'), 'utf8');
    expect(main).toContain('GEPA (reference) may exceed its ceiling: profile reference checks');
    expect(main.includes('†')).toBe(used > ceiling);
    // The tables, the suite report's tables and legends, and the LaTeX export name the profile;
    // Forge, which has none, keeps its plain name.
    expect(main).toContain('| Benchmark | Test n | GEPA (reference) | Forge |');
    const saved = JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8'));
    expect(saved.labels.profiles).toEqual({ gepa: 'reference' });
    const report = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(report).toContain('<th scope="col" class="number">GEPA (reference)</th>');
    expect(report).toContain('<span class="legend-text">GEPA (reference)</span>');
    expect(report).not.toMatch(/>GEPA</);
    const latex = exportSuite(dir, { format: 'latex' }).text;
    expect(latex).toContain('GEPA (reference)');
    expect(latex).not.toMatch(/GEPA &|GEPA \\\\/);
    // A suite saved before profiles were recorded gains them when it is continued.
    writeFileSync(
      join(dir, 'suite.json'),
      JSON.stringify({ ...saved, labels: { ...saved.labels, profiles: undefined } }),
    );
    await runSuite(
      {
        benchmarks: ['sim'],
        methods: ['gepa', 'forge'],
        taskModels: ['sim:task'],
        optimizerModels: ['sim:optimizer'],
        budget: { maxEvaluations: 100_000 },
        methodSettings: { gepa: { profile: 'reference' } },
      },
      { dir, resume: true },
    );
    expect(JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8')).labels).toEqual(saved.labels);
    reportSuite(dir);
    expect(readFileSync(join(dir, 'tables.md'), 'utf8')).toContain(
      '| Benchmark | Test n | GEPA (reference) | Forge |',
    );
  }, 120_000);
});
