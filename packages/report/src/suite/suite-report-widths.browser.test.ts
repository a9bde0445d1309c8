import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDirectory } from '../__fixtures__/artifacts-directory.js';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { launchChromium } from '../testing/launch-chromium.js';
import { hiddenContentProblems, measureReportTables } from '../testing/measure-report-tables.js';
import { renderSuiteReport } from './render-suite-report.js';

const methods = [
  'baseline',
  'mipro',
  'ace',
  'gepa',
  'gepa-merge',
  'prompt-search',
  'random-synthesis',
  'failure-memory',
  'forge',
];
const benchmarks = [
  'hotpotqa',
  'ifbench',
  'hover',
  'finer',
  'lawbench',
  'aime',
  'mmlu-pro',
  'appworld',
];

describe('the suite report at every width from 1024 px', () => {
  it('shows every column of every table at 1024, 1366 and 1600 px: each fits or scrolls, the page never overflows', {
    timeout: 120_000,
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'forge-suite-widths-'));
    const browser = await launchChromium(chromium);
    try {
      // Table 1's shape with nine methods × eight benchmarks × three seeds.
      const file = join(directory, 'report.html');
      await writeFile(
        file,
        renderSuiteReport(sampleSuiteReportData({ methods, benchmarks, seeds: [0, 1, 2] })),
      );
      for (const width of [1024, 1366, 1600]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(pathToFileURL(file).href);
        const layout = await measureReportTables(page);
        expect(layout.pageOverflow, `page overflow at ${width}`).toBeLessThanOrEqual(0);
        expect(layout.tables.length).toBeGreaterThan(8);
        expect(hiddenContentProblems(layout), `at ${width}`).toEqual([]);
        // Nine methods of Table 1 fit without scrolling at 1600 px.
        if (width === 1600) {
          const main = layout.tables.find((table) => table.id === 'main-sim-task-sim-optimizer');
          expect(main?.fits).toBe(true);
        }
        expect(await page.locator('h3', { hasText: 'Test performance' }).count()).toBe(1);
        // AppWorld's Forge cells say they ran prompt search only, in the cells table and the tables' notes.
        expect(await page.locator('.cell-note', { hasText: 'prompt search only' }).count()).toBe(3);
        expect(
          await page
            .locator('[data-table="main-sim-task-sim-optimizer"] .section-note', {
              hasText: 'prompt search only',
            })
            .count(),
        ).toBe(1);
        // The viewport at the tables, then at the cells table (a full page is tens of charts).
        const artifacts = artifactsDirectory('suite-report-widths');
        await page.screenshot({ path: join(artifacts, `suite-report-${width}-tables.png`) });
        await page.locator('#cells').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `suite-report-${width}-cells.png`) });
        // The solve matrices scroll inside their own boxes; Figure 3(b)/(c) fits the page.
        const solve = await page.locator('.solve-scroll').evaluateAll((boxes) =>
          boxes.map((box) => ({
            fits: box.getBoundingClientRect().right <= window.innerWidth,
            scrolls: getComputedStyle(box).overflowY === 'auto',
          })),
        );
        expect(solve).toHaveLength(benchmarks.length);
        for (const box of solve) expect(box).toEqual({ fits: true, scrolls: true });
        const figure = await page
          .locator('figure[data-chart="suite-failure-modes"] svg.chart')
          .evaluateAll((svgs) => Math.max(...svgs.map((svg) => svg.getBoundingClientRect().right)));
        expect(figure).toBeLessThanOrEqual(width);
        await page.locator('#solved').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `suite-report-${width}-solved.png`) });
        await page.locator('figure[data-chart="suite-failure-modes"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `suite-report-${width}-failure-modes.png`) });
        await page.close();
      }
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
