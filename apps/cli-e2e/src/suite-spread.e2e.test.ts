import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  hiddenContentProblems,
  launchChromium,
  measureReportFigures,
  measureReportTables,
  measureTableScroll,
} from '@forge/report/testing';
import { methodIds } from '@forge/sdk';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';

// Every method Forge ships, three seeds, on the offline simulated world (every number is
// simulated): the tables give mean ± sd with n, recomputed here from results.json; the suite
// report hides no column and cuts no label at 1024, 1366 or 1600 px in Chromium, every figure has
// its legend, and each cell's page, reached by its link, names the cell's own seed.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-suite-spread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Every method the sdk registers, so a method added later is checked here too.
const methods = methodIds();
const seeds = [0, 1, 2];
const suiteConfig = [
  'name: sim-every-method',
  'benchmarks: [sim]',
  `methods: [${methods.join(', ')}]`,
  'taskModels: [sim:task]',
  'optimizerModels: [sim:optimizer]',
  `seeds: [${seeds.join(', ')}]`,
  // Small, so the whole suite takes seconds; large enough for Forge to synthesize once. Forge
  // runs under it rather than to completion (reaching it would be a cap, refusing the row).
  'budget: { maxEvaluations: 200, stopAtCompletion: false }',
  '',
].join('\n');

interface CellResult {
  readonly id: string;
  readonly method: string;
  readonly seed: number;
  readonly status: string;
  readonly bestTest: number | null;
  readonly runDir: string;
}

/** Mean and sample standard deviation (n − 1), the way a reader checks a table by hand. */
function spread(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

/** A CSV document as rows of fields (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/).filter((row) => row !== '')) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let index = 0; index < line.length; index += 1) {
      const character = line[index] as string;
      if (quoted && character === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = !quoted;
      else if (character === ',' && !quoted) {
        fields.push(field);
        field = '';
      } else field += character;
    }
    fields.push(field);
    rows.push(fields);
  }
  return rows;
}

describe('a suite of every method × 3 seeds on the simulated world', () => {
  it('renders mean ± sd with n = 3 per method, as recomputed from results.json, hides nothing at 1024, 1366 or 1600 px, and links every cell to a page of its own seed', {
    timeout: 240_000,
  }, async () => {
    writeFileSync(join(root, 'suite.yaml'), suiteConfig);
    const started = Date.now();
    const run = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--json'], {
      cwd: root,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(jsonEvents(run.stdout).at(-1)).toMatchObject({
      type: 'suite-summary',
      done: methods.length * seeds.length,
      failed: [],
      simulated: true,
    });
    const suiteDir = join(root, 'suite');
    const document = JSON.parse(readFileSync(join(suiteDir, 'results.json'), 'utf8')) as {
      cells: CellResult[];
    };
    const labels = (
      JSON.parse(readFileSync(join(suiteDir, 'suite.json'), 'utf8')) as {
        labels: { methods: Record<string, string> };
      }
    ).labels.methods;

    // Recompute every method's entry from its cells' per-seed test scores.
    const expected = new Map(
      methods.map((method) => {
        const cells = document.cells
          .filter((cell) => cell.method === method)
          .sort((left, right) => left.seed - right.seed);
        expect(cells.map((cell) => [cell.seed, cell.status])).toEqual(
          seeds.map((seed) => [seed, 'done']),
        );
        const values = cells.map((cell) => (cell.bestTest as number) * 100);
        const { mean, sd } = spread(values);
        return [
          method,
          {
            label: labels[method] as string,
            values,
            text: `${mean.toFixed(2)} ± ${sd.toFixed(2)}`,
            mean: mean.toFixed(2),
            sd: sd.toFixed(2),
          },
        ];
      }),
    );
    // The simulated world gives seeds different outcomes: a spread that could be all zeros
    // would not show that sd is computed.
    expect([...expected.values()].some((entry) => entry.sd !== '0.00')).toBe(true);

    // The CSV: mean, sd, n and every seed's value per method.
    const csv = parseCsv(
      readFileSync(join(suiteDir, 'tables', 'main-sim-task-sim-optimizer.csv'), 'utf8'),
    );
    const header = csv[0] as string[];
    const benchmarkRow = csv.find((row) => row[0] === 'Date normalisation (simulated)');
    expect(benchmarkRow).toBeDefined();
    for (const entry of expected.values()) {
      const at = (column: string) => benchmarkRow?.[header.indexOf(column)];
      expect(at(entry.label), entry.label).toBe(entry.mean);
      expect(at(`${entry.label} sd`), entry.label).toBe(entry.sd);
      expect(at(`${entry.label} n`), entry.label).toBe('3');
      expect(at(`${entry.label} per seed`), entry.label).toBe(
        entry.values.map((value, index) => `${seeds[index]}:${value.toFixed(2)}`).join(';'),
      );
    }
    expect(header.at(-1)).toBe('Models');
    expect(benchmarkRow?.at(-1)).toBe('simulated');

    // tables.md says n and shows the same entries.
    const markdown = readFileSync(join(suiteDir, 'tables.md'), 'utf8');
    expect(markdown).toContain('mean ± sample standard deviation over n = 3 seeds (0, 1, 2)');
    const markdownRow = markdown
      .split('\n')
      .find((line) => line.startsWith('| Date normalisation (simulated) |'));
    for (const entry of expected.values()) expect(markdownRow).toContain(entry.text);

    // Regenerated on its own, the suite's tables are the same.
    const regenerated = await runCli(['suite', 'report', 'suite'], { cwd: root });
    expect(regenerated.code, regenerated.stderr).toBe(0);
    expect(readFileSync(join(suiteDir, 'tables.md'), 'utf8')).toBe(markdown);

    // forge suite export: every method's cells, the CSV per cell as results.json has them, and
    // every entry but Forge's tested against Forge (field-by-field checks: the sdk's test).
    const exported = await runCli(
      ['suite', 'export', 'suite', '--format', 'csv', '--table', 'cells', '--out', 'cells.csv'],
      { cwd: root },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const cellRows = parseCsv(readFileSync(join(root, 'cells.csv'), 'utf8'));
    const cellHeader = cellRows[0] as string[];
    expect(cellRows.slice(1).map((row) => row[cellHeader.indexOf('cell')])).toEqual(
      document.cells.map((cell) => cell.id),
    );
    for (const [index, cell] of document.cells.entries()) {
      const row = cellRows[index + 1] ?? [];
      expect(row[cellHeader.indexOf('bestTest')]).toBe(String(cell.bestTest));
      expect(row[cellHeader.indexOf('status')]).toBe(cell.status);
      expect(Number(row[cellHeader.indexOf('testInstances')])).toBeGreaterThan(0);
    }
    const entriesRun = await runCli(
      ['suite', 'export', 'suite', '--format', 'csv', '--table', 'entries'],
      { cwd: root },
    );
    expect(entriesRun.code, entriesRun.stderr).toBe(0);
    const entryRows = parseCsv(entriesRun.stdout);
    const entryHeader = entryRows[0] as string[];
    const tested = entryRows
      .slice(1)
      .filter((row) => row[entryHeader.indexOf('row')] === 'Date normalisation (simulated)');
    expect(tested).toHaveLength(methods.length);
    for (const row of tested) {
      const forge = row[entryHeader.indexOf('column')] === labels['forge'];
      expect(row[entryHeader.indexOf('against')]).toBe(forge ? '' : 'forge');
      expect(row[entryHeader.indexOf('ciLow')]).toMatch(/^\d/);
    }
    const bad = await runCli(['suite', 'export', 'suite', '--format', 'xml'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('format: "xml" is not one of csv, json, latex');
    const suiteSeconds = (Date.now() - started) / 1000;

    const browser = await launchChromium(chromium);
    try {
      for (const width of [1024, 1366, 1600]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(pathToFileURL(join(suiteDir, 'report.html')).href);
        // The report's Table 1: one column per method, each entry mean ± sd, and n said.
        const main = page.locator('[data-table="main-sim-task-sim-optimizer"]');
        expect(await main.locator('.section-note', { hasText: 'n = 3 seeds' }).count()).toBe(1);
        const headers = await main.locator('thead th').allTextContents();
        const cells = await main
          .locator('tbody tr', { hasText: 'Date normalisation (simulated)' })
          .locator('td')
          .allTextContents();
        // Each entry: its mean ± sd, then its 95% interval (and, but for Forge, its paired p).
        for (const entry of expected.values()) {
          const text = cells[headers.indexOf(entry.label)] ?? '';
          expect(text.startsWith(entry.text), `${entry.label} at ${width}: ${text}`).toBe(true);
          expect(text.slice(entry.text.length)).toMatch(
            entry.label === 'Forge'
              ? /^\[\d+\.\d\d, \d+\.\d\d\]$/
              : /^\*?\[\d+\.\d\d, \d+\.\d\d\]p = [\d.e-]+$/,
          );
        }
        const layout = await measureReportTables(page);
        expect(layout.tables.length).toBeGreaterThanOrEqual(3);
        expect(hiddenContentProblems(layout), `at ${width} px`).toEqual([]);

        // Table 1 shows every method's column, ACE and MIPROv2 (last in it) included, inside the
        // page without scrolling.
        expect(headers).toEqual(
          expect.arrayContaining([...expected.values()].map((entry) => entry.label)),
        );
        const table = await measureTableScroll(main.locator('.matrix-scroll'));
        expect(table.outside, `Table 1 at ${width} px`).toEqual([]);
        expect(table.scrolledTo, `Table 1 at ${width} px`).toBe(0);

        // Every figure has its legend; no legend, panel or label overlaps or is cut off.
        const figures = await measureReportFigures(page);
        expect(figures.figures).toBeGreaterThanOrEqual(4);
        expect(figures.figuresWithoutLegend, `at ${width} px`).toEqual([]);
        expect(figures.legendOverlaps, `at ${width} px`).toEqual([]);
        expect(figures.panelOverlaps, `at ${width} px`).toEqual([]);
        expect(figures.clipped, `at ${width} px`).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }

      // Narrower than the pages checked above, Table 1 scrolls sideways inside its box and its
      // row labels stay in view while it does.
      const narrow = await browser.newPage({ viewport: { width: 800, height: 900 } });
      await narrow.goto(pathToFileURL(join(suiteDir, 'report.html')).href);
      const scrolled = await measureTableScroll(
        narrow.locator('[data-table="main-sim-task-sim-optimizer"] .matrix-scroll'),
      );
      expect(scrolled.outside.length).toBeGreaterThan(0);
      expect(scrolled).toMatchObject({ scrolls: true, lastHeaderInView: true });
      expect(scrolled.scrolledTo).toBeGreaterThan(0);
      expect(Math.abs(scrolled.labelOffset)).toBeLessThanOrEqual(2);
      await narrow.close();

      // Every cell's link in the suite report leads to its own page, which names the cell and its
      // real seed: each method's pages together show seeds 0, 1 and 2.
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await page.goto(pathToFileURL(join(suiteDir, 'report.html')).href);
      const rows = page.locator('table.suite-cells tbody tr');
      const links: { cell: string; href: string | null }[] = [];
      for (const row of await rows.all()) {
        links.push({
          cell: (await row.getAttribute('data-cell')) ?? '',
          href: await row.locator('a[href]').getAttribute('href'),
        });
      }
      expect(links.map((link) => link.cell)).toEqual(document.cells.map((cell) => cell.id));
      const seedsShown = new Map<string, number[]>();
      for (const [index, link] of links.entries()) {
        const cell = document.cells[index] as CellResult;
        const href = new URL(link.href ?? '', pathToFileURL(join(suiteDir, 'report.html'))).href;
        expect(href, cell.id).toBe(pathToFileURL(join(suiteDir, cell.runDir, 'report.html')).href);
        await page.goto(href);
        const subtitle = await page.locator('.subtitle').textContent();
        const seedRow = await page
          .locator('tr', { has: page.locator('th', { hasText: /^Seed$/ }) })
          .locator('td')
          .textContent();
        const cellRow = await page
          .locator('tr', { has: page.locator('th', { hasText: /^Suite cell$/ }) })
          .locator('td')
          .textContent();
        expect(subtitle, cell.id).toContain(` · seed ${cell.seed} · ${cell.method}`);
        expect(seedRow, cell.id).toBe(String(cell.seed));
        expect(cellRow, cell.id).toContain(cell.id);
        seedsShown.set(cell.method, [
          ...(seedsShown.get(cell.method) ?? []),
          Number(/ · seed (\d+) · /.exec(subtitle ?? '')?.[1]),
        ]);
      }
      expect(Object.fromEntries(seedsShown)).toEqual(
        Object.fromEntries(methods.map((method) => [method, seeds])),
      );
      await page.close();
    } finally {
      await browser.close();
    }
    // Not an assertion: the wall time, for the record of what this test costs.
    process.stdout.write(
      `suite of ${methods.length} methods × ${seeds.length} seeds: ${suiteSeconds.toFixed(1)} s to run and report, ${((Date.now() - started) / 1000).toFixed(1)} s with the browser checks\n`,
    );
  });
});
