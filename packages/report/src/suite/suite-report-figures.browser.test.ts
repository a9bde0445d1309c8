import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDirectory } from '../__fixtures__/artifacts-directory.js';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { launchChromium } from '../testing/launch-chromium.js';
import { measureReportFigures } from '../testing/measure-report-figures.js';
import { measureTableScroll } from '../testing/measure-table-scroll.js';
import { renderSuiteReport } from './render-suite-report.js';

// The paper's order: ACE and MIPROv2 come last, so a table too wide for the page hides them.
const methods = [
  'baseline',
  'prompt-search',
  'random-synthesis',
  'failure-memory',
  'forge',
  'gepa',
  'gepa-merge',
  'ace',
  'mipro',
];
const methodLabels = {
  'random-synthesis': 'Random synthesis',
  'failure-memory': 'Failure memory',
  gepa: 'GEPA',
  'gepa-merge': 'GEPA+merge',
  ace: 'ACE',
  mipro: 'MIPROv2',
};
// Mode names as long as a real failure assigner writes them.
const modeNames = {
  date_order: 'Date normalisation: day and month swapped in numeric dates written the European way',
  two_digit_year: 'Two-digit years expanded into the wrong century when no context gives it',
  month_names: 'Month names in languages other than English left unparsed',
  ordinal_suffix: 'Ordinal suffixes (1st, 22nd) kept in the normalised date string',
};

describe('the suite report figures at 1024, 1366 and 1600 px', () => {
  it('draws every legend, panel and label whole: nothing overlaps, nothing is cut; Table 1 shows every method', {
    timeout: 120_000,
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'forge-suite-figures-'));
    const browser = await launchChromium(chromium);
    try {
      const file = join(directory, 'report.html');
      const data = sampleSuiteReportData({
        methods,
        benchmarks: ['hotpotqa', 'ifbench', 'hover'],
        seeds: [0, 1, 2],
        methodLabels,
        // The longest title a benchmark of Forge's gives itself: drawn whole in every figure.
        benchmarkLabels: { hover: 'AppWorld (prompt search only: no task-authoring backend)' },
        modeNames,
      });
      await writeFile(file, renderSuiteReport(data));
      const artifacts = artifactsDirectory('suite-report-figures');
      for (const width of [1024, 1366, 1600]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(pathToFileURL(file).href);
        const layout = await measureReportFigures(page);
        expect(layout.legendOverlaps, `at ${width}`).toEqual([]);
        expect(layout.panelOverlaps, `at ${width}`).toEqual([]);
        expect(layout.clipped, `at ${width}`).toEqual([]);
        // A legend on the bars, on every benchmark's curves, on the synthesis and mode figures.
        expect(layout.legends).toBe(6);
        expect(layout.figuresWithoutLegend, `at ${width}`).toEqual([]);

        // Table 1: every method's column inside the page, without scrolling.
        const table = page.locator('[data-table="main-sim-task-sim-optimizer"] .matrix-scroll');
        const fit = await table.evaluate((box) => ({
          fits: box.scrollWidth <= box.clientWidth + 1,
          headers: [...box.querySelectorAll('thead th')]
            .filter((header) => header.getBoundingClientRect().right <= window.innerWidth)
            .map((header) => header.textContent),
        }));
        expect(fit.fits, `Table 1 fits at ${width}`).toBe(true);
        expect(fit.headers).toEqual(expect.arrayContaining(['ACE', 'MIPROv2', 'GEPA+merge']));
        await table.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `table-1-${width}.png`) });

        // The cells table is wider than the page: scrolled sideways, its first column stays.
        const sticky = await measureTableScroll(
          page.locator('.matrix-scroll:has(> table.suite-cells)'),
        );
        if (width === 1024) expect(sticky.scrolledTo).toBeGreaterThan(0);
        expect(sticky.lastHeaderInView).toBe(true);
        expect(Math.abs(sticky.labelOffset)).toBeLessThanOrEqual(2);

        // Figure 3(b)/(c): each mode's full name, per-seed counts and the max:min ratio.
        const modes = page.locator('figure[data-chart="suite-failure-modes"]');
        const names = await modes.locator('.mode-key .mode-name').allTextContents();
        expect(names).toContain(modeNames.date_order);
        expect(names).toContain(modeNames.ordinal_suffix);
        const statistics = await modes
          .locator('.mode-panel')
          .first()
          .locator('.mode-statistics tbody tr')
          .allInnerTexts();
        expect(statistics[0]).toMatch(/^Modes\s+\d\.\d ± \d\.\d\s+\d\.\d ± \d\.\d$/);
        expect(statistics[1]).toMatch(/^Max:min share\s+[\d.]+:1 ± [\d.]+\s+[\d.]+:1 ± [\d.]+$/);
        await modes.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `failure-modes-${width}.png`) });

        // The curves: one panel per method, the ceiling marked in each.
        const curves = page.locator('figure[data-chart="suite-curves"]').first();
        expect(await curves.locator('.small-multiple').count()).toBe(methods.length);
        expect(await curves.locator('.small-multiple .suite-ceiling').count()).toBe(methods.length);
        await curves.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `curves-${width}.png`) });
        await page.close();
      }
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
