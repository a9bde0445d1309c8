import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '@forge/report/testing';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';
import { suiteTablesText } from './run-contents.js';

// End-to-end tests of `forge suite` on the offline simulated world: every number is simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-suite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const suiteConfig = [
  'name: sim-ablation',
  'benchmarks: [sim]',
  'methods: [baseline, prompt-search, random-synthesis, failure-memory, forge]',
  'taskModels:',
  '  - { model: sim:task, settings: { latency: 2 } }',
  'optimizerModels:',
  '  - { model: sim:optimizer, settings: { latency: 2 } }',
  'seeds: [0, 1]',
  'budget: { maxEvaluations: 100000 }',
  '',
].join('\n');

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'suite.yaml'), suiteConfig);
  return directory;
}

const results = (cwd: string, dir: string) => readFileSync(join(cwd, dir, 'results.json'), 'utf8');

async function openInChromium(file: string) {
  const browser = await launchChromium(chromium);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href);
  return { browser, page, errors, requests };
}

describe('forge suite', () => {
  const cwd = workspace('suite');

  it('runs the five variants offline, aligned to Forge, and writes results and tables', async () => {
    const run = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'reference', '--json'], {
      cwd,
    });
    expect(run.code, run.stderr).toBe(0);
    const events = jsonEvents(run.stdout);
    expect(events[0]).toMatchObject({ type: 'suite-prepared', cells: 10, simulated: true });
    expect(events.at(-1)).toMatchObject({
      type: 'suite-summary',
      done: 10,
      failed: [],
      stopped: false,
    });
    const document = JSON.parse(results(cwd, 'reference'));
    for (const cell of document.cells) {
      if (cell.ceiling !== null) expect(cell.evaluationsUsed).toBeLessThanOrEqual(cell.ceiling);
      expect(cell.exceededCeiling).toBe(false);
    }
    expect(
      document.cells.filter((cell: { ceiling: unknown }) => cell.ceiling !== null),
    ).toHaveLength(6);
    for (const file of [
      'tables.md',
      'tables/main-sim-task-sim-optimizer.csv',
      'tables/details-sim.md',
      'plan.json',
    ])
      expect(existsSync(join(cwd, 'reference', file)), file).toBe(true);

    // The HTML suite report, opened offline in Chromium: charts drawn, every cell's report linked.
    const { browser, page, errors, requests } = await openInChromium(
      join(cwd, 'reference', 'report.html'),
    );
    try {
      expect(await page.locator('rect.suite-bar').count()).toBe(5);
      expect(await page.locator('path.suite-curve').count()).toBe(10);
      expect(
        await page.locator('figure[data-chart="suite-synthesis"] .synthesis-row').count(),
      ).toBe(3);
      const links = await page
        .locator('table.suite-cells a')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => (anchor as unknown as { href: string }).href),
        );
      expect(links).toHaveLength(10);
      for (const link of links) expect(existsSync(fileURLToPath(link)), link).toBe(true);
      await page.screenshot({
        path: join(
          process.env['FORGE_ARTIFACTS_DIR'] ??
            fileURLToPath(new URL('../../../artifacts', import.meta.url)),
          'suite-report-demo.png',
        ),
        fullPage: true,
      });
      expect(errors).toEqual([]);
      expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);

  it('resumes a suite killed with kill -9 mid-cell to the results of the uninterrupted suite', async () => {
    let killed = false;
    const first = await startCli(['suite', '-c', 'suite.yaml', '--dir', 'killed', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        if (
          !killed &&
          line.includes('"type":"cell-progress"') &&
          line.includes('"method":"failure-memory"') &&
          line.includes('"type":"step-end"') &&
          line.includes('"step":6,')
        ) {
          killed = true;
          child.kill('SIGKILL');
        }
      },
    }).done;
    expect(first.signal).toBe('SIGKILL');
    const before = JSON.parse(results(cwd, 'killed'));
    expect(
      before.cells.filter((cell: { status: string }) => cell.status === 'done').length,
    ).toBeLessThan(10);
    const resumed = await runCli(['suite', '--dir', 'killed', '--resume', '--json'], { cwd });
    expect(resumed.code, resumed.stderr).toBe(0);
    const ran = jsonEvents(resumed.stdout).at(-1)?.['ran'] as string[];
    // The cut cell continues first; no finished cell is run again.
    expect(ran[0]).toBe('sim/failure-memory/sim-task/sim-optimizer/seed-0');
    for (const cell of before.cells.filter(
      (candidate: { status: string }) => candidate.status === 'done',
    ))
      expect(ran).not.toContain(cell.id);
    expect(results(cwd, 'killed')).toBe(results(cwd, 'reference'));
  }, 180_000);

  it('splits into two shards whose merge equals the unsharded suite', async () => {
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(
        ['suite', '-c', 'suite.yaml', '--dir', `shard-${shard[0]}`, '--shard', shard],
        { cwd },
      );
      expect(run.code, run.stderr).toBe(0);
    }
    const merge = await runCli(
      ['suite', 'merge', 'shard-1', 'shard-2', '--dir', 'merged', '--json'],
      { cwd },
    );
    expect(merge.code, merge.stderr).toBe(0);
    expect(jsonEvents(merge.stdout)[0]).toMatchObject({ type: 'suite-merged', done: 10 });
    expect(results(cwd, 'merged')).toBe(results(cwd, 'reference'));
    // The tables, their statistics and provenance too (but for the date their cells ran).
    expect(suiteTablesText(join(cwd, 'merged'))).toBe(suiteTablesText(join(cwd, 'reference')));

    // A link planted in a shard's cell (or in place of a directory on the way to one) is refused
    // by name before anything is copied; its target is neither read into the merge nor touched.
    const victim = join(root, 'victim-secret.txt');
    writeFileSync(victim, 'private\n');
    const cell = (
      JSON.parse(results(cwd, 'shard-1')).cells as { runDir: string; status: string }[]
    ).find((candidate) => candidate.status === 'done') as { runDir: string };
    const planted = join(cwd, 'shard-1', cell.runDir, 'notes.txt');
    symlinkSync(victim, planted);
    const linked = await runCli(['suite', 'merge', 'shard-1', 'shard-2', '--dir', 'merged-2'], {
      cwd,
    });
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain(
      `${planted} is a symbolic link; forge suite merge copies no links`,
    );
    expect(linked.stderr).not.toMatch(/bug in Forge|\n\s+at /);
    expect(existsSync(join(cwd, 'merged-2'))).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe('private\n');
    unlinkSync(planted);
    const cellsOfShard = join(cwd, 'shard-2', 'cells');
    renameSync(cellsOfShard, join(root, 'elsewhere-cells'));
    symlinkSync(join(root, 'elsewhere-cells'), cellsOfShard);
    const swapped = await runCli(['suite', 'merge', 'shard-1', 'shard-2', '--dir', 'merged-2'], {
      cwd,
    });
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toContain(`${cellsOfShard} is a symbolic link`);
    expect(existsSync(join(cwd, 'merged-2'))).toBe(false);
  }, 180_000);

  it('estimates with --dry-run and names bad input with exit code 2', async () => {
    const estimate = await runCli(
      ['suite', '-c', 'suite.yaml', '--dry-run', '--only', 'method=baseline', '--json'],
      { cwd },
    );
    expect(estimate.code).toBe(0);
    expect(jsonEvents(estimate.stdout)[0]).toMatchObject({
      type: 'estimate',
      evaluations: 40,
      // The baseline's expected figure is exact: the seed on validation.
      expected: { evaluations: 40 },
    });
    writeFileSync(join(cwd, 'bad.yaml'), suiteConfig.replace('seeds: [0, 1]', 'seeds: [0, zero]'));
    const bad = await runCli(['suite', '-c', 'bad.yaml', '--dir', 'bad'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml, line 8, field "seeds.1"');
    expect(bad.stderr).not.toContain('    at ');
    expect(existsSync(join(cwd, 'bad'))).toBe(false);
    const again = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'reference'], { cwd });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds a suite; continue it with --resume');
  }, 60_000);

  it('exits 2 naming a reference a cost cap stopped and the cells it refuses, and runs them flagged once allowed', async () => {
    // The prices only make the simulated calls cost something, so the cap can stop Forge.
    const capped = [
      'name: sim-capped',
      'benchmarks: [sim]',
      'methods: [baseline, gepa, forge]',
      'taskModels: [sim:task]',
      'optimizerModels: [sim:optimizer]',
      'seeds: [0]',
      'budget: { maxEvaluations: 100000, maxOptimizerCostUsd: 0.15 }',
      "prices: { 'sim:*': { input: 1, output: 1 } }",
      '',
    ].join('\n');
    writeFileSync(join(cwd, 'capped.yaml'), capped);
    const forge = 'sim/forge/sim-task/sim-optimizer/seed-0';
    const gepa = 'sim/gepa/sim-task/sim-optimizer/seed-0';
    const refused = await runCli(['suite', '-c', 'capped.yaml', '--dir', 'capped'], { cwd });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stdout).toContain(
      `refused: ${gepa}: their ceiling would come from ${forge}, which a cap stopped short`,
    );
    expect(refused.stdout).toContain(`stopped: ${forge} by a cap (optimizer cost limit ($0.15))`);
    expect(refused.stdout).toContain('1 done, 1 stopped by a cap, 0 failed, 1 pending');
    writeFileSync(
      join(cwd, 'capped.yaml'),
      capped.replace('seeds: [0]', 'seeds: [0]\nalignment: { allowTruncatedCeilings: true }'),
    );
    const allowed = await runCli(
      ['suite', '-c', 'capped.yaml', '--dir', 'capped', '--resume', '--json'],
      { cwd },
    );
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(jsonEvents(allowed.stdout).at(-1)).toMatchObject({
      type: 'suite-summary',
      done: 2,
      capped: 1,
      ran: [gepa],
      refused: [],
    });
    const tables = readFileSync(join(cwd, 'capped', 'tables.md'), 'utf8');
    expect(tables).toContain('| Date normalisation (simulated) ‡ § |');
  }, 60_000);

  it('says the GRPO export skipped a row whose source a cap stopped, and flags it once allowed', async () => {
    const capped = [
      'name: sim-capped-transfer',
      'benchmarks: [sim]',
      'methods: [forge, prompt-search]',
      'taskModels: [sim:task]',
      'optimizerModels: [sim:optimizer]',
      'seeds: [0]',
      'budget: { maxEvaluations: 100000, maxOptimizerCostUsd: 0.15 }',
      "prices: { 'sim:*': { input: 1, output: 1 } }",
      'transfer: { methods: [prompt-search] }',
      '',
    ].join('\n');
    writeFileSync(join(cwd, 'capped-transfer.yaml'), capped);
    const forge = 'sim/forge/sim-task/sim-optimizer/seed-0';
    const row = 'grpo/sim/sim-task/sim-optimizer/seed-0';
    const skipped = await runCli(
      ['suite', '-c', 'capped-transfer.yaml', '--dir', 'capped-transfer'],
      { cwd },
    );
    expect(skipped.code, skipped.stderr).toBe(2);
    expect(skipped.stdout).toMatch(
      new RegExp(
        `note: ${row}: not exported — its source ${forge} was stopped by the optimizer cost cap \\(\\$0\\.15\\) at \\d+ evaluations`,
      ),
    );
    expect(existsSync(join(cwd, 'capped-transfer', row))).toBe(false);
    writeFileSync(
      join(cwd, 'capped-transfer.yaml'),
      `${capped}alignment: { allowTruncatedCeilings: true }\n`,
    );
    const flagged = await runCli(
      ['suite', '-c', 'capped-transfer.yaml', '--dir', 'capped-transfer', '--resume', '--json'],
      { cwd },
    );
    expect(flagged.code, flagged.stderr).toBe(0);
    expect(jsonEvents(flagged.stdout).at(-1)).toMatchObject({
      type: 'suite-summary',
      notes: [
        expect.stringContaining(`${row}: exported, flagged — its source ${forge} was stopped`),
      ],
    });
    expect(
      JSON.parse(readFileSync(join(cwd, 'capped-transfer', row, 'reward.json'), 'utf8')).source,
    ).toMatchObject({ cell: forge, status: 'stopped', truncated: true });
  }, 60_000);
});
