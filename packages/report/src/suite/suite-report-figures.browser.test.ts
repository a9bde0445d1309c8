import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDirectory } from '../__fixtures__/artifacts-directory.js';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { launchChromium } from '../testing/launch-chromium.js';
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

/** What a reader cannot see on the figures of the page, measured in the browser. */
interface FigureLayout {
  /** Legend entries that overlap another entry, or a chart, of their figure. */
  readonly legendOverlaps: string[];
  /** Small-multiple panels that overlap another panel or leave the viewport. */
  readonly panelOverlaps: string[];
  /** Texts cut off: an SVG text outside its drawing, an ellipsis, a cell narrower than its text. */
  readonly clipped: string[];
  /** How many legends the page has. */
  readonly legends: number;
}

function measureFigures(page: import('playwright-core').Page): Promise<FigureLayout> {
  return page.evaluate(() => {
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 &&
      b.left < a.right - 0.5 &&
      a.top < b.bottom - 0.5 &&
      b.top < a.bottom - 0.5;
    const name = (element: Element) =>
      `${element.closest('figure')?.getAttribute('data-chart') ?? '?'}: ${(element.textContent ?? '').slice(0, 60)}`;
    const legendOverlaps: string[] = [];
    const legends = [...document.querySelectorAll('.chart-legend')];
    for (const legend of legends) {
      const items = [...legend.querySelectorAll('.legend-item')];
      const charts = [...(legend.closest('figure')?.querySelectorAll('svg.chart') ?? [])];
      for (const [index, item] of items.entries()) {
        const box = item.getBoundingClientRect();
        for (const other of items.slice(index + 1)) {
          if (overlap(box, other.getBoundingClientRect()))
            legendOverlaps.push(`${name(item)} / ${name(other)}`);
        }
        for (const chart of charts) {
          if (overlap(box, chart.getBoundingClientRect()))
            legendOverlaps.push(`${name(item)} over a chart`);
        }
      }
    }
    const panelOverlaps: string[] = [];
    for (const grid of document.querySelectorAll('.small-multiples')) {
      const panels = [...grid.querySelectorAll(':scope > .small-multiple')];
      for (const [index, panel] of panels.entries()) {
        const box = panel.getBoundingClientRect();
        if (box.right > window.innerWidth) panelOverlaps.push(`${name(panel)} leaves the page`);
        for (const other of panels.slice(index + 1)) {
          if (overlap(box, other.getBoundingClientRect()))
            panelOverlaps.push(`${name(panel)} / ${name(other)}`);
        }
      }
    }
    const clipped: string[] = [];
    for (const text of document.querySelectorAll('figure svg.chart text')) {
      const svg = (text as SVGElement).ownerSVGElement?.getBoundingClientRect();
      const box = text.getBoundingClientRect();
      if (
        svg !== undefined &&
        (box.left < svg.left - 1 ||
          box.right > svg.right + 1 ||
          box.top < svg.top - 1 ||
          box.bottom > svg.bottom + 1)
      )
        clipped.push(`${name(text)} outside its drawing`);
      if ((text.textContent ?? '').includes('…')) clipped.push(`${name(text)} ellipsised`);
    }
    // Within a drawing, no two texts overlap (axis titles, tick labels, panel titles, ceilings).
    for (const svg of document.querySelectorAll('figure svg.chart')) {
      const texts = [...svg.querySelectorAll('text')].map((text) => ({
        text,
        box: text.getBoundingClientRect(),
      }));
      for (const [index, { text, box }] of texts.entries()) {
        for (const other of texts.slice(index + 1)) {
          if (overlap(box, other.box))
            clipped.push(`${name(text)} overlaps ${(other.text.textContent ?? '').slice(0, 40)}`);
        }
      }
    }
    const labels = document.querySelectorAll(
      'figure .legend-item, figure .panel-heading, figure .panel-summary, figure td, figure th',
    );
    for (const label of labels) {
      const element = label as HTMLElement;
      if (
        element.scrollWidth > element.clientWidth + 1 ||
        getComputedStyle(element).textOverflow === 'ellipsis'
      )
        clipped.push(`${name(element)} cut off`);
    }
    return { legendOverlaps, panelOverlaps, clipped, legends: legends.length };
  });
}

describe('the suite report figures at 1024 and 1600 px', () => {
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
        modeNames,
      });
      await writeFile(file, renderSuiteReport(data));
      const artifacts = artifactsDirectory('suite-report-figures');
      for (const width of [1024, 1600]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(pathToFileURL(file).href);
        const layout = await measureFigures(page);
        expect(layout.legendOverlaps, `at ${width}`).toEqual([]);
        expect(layout.panelOverlaps, `at ${width}`).toEqual([]);
        expect(layout.clipped, `at ${width}`).toEqual([]);
        // A legend on the bars, on every benchmark's curves, on the synthesis and mode figures.
        expect(layout.legends).toBe(6);

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
        const sticky = await page.locator('table.suite-cells').evaluate((cells) => {
          const box = cells.parentElement as HTMLElement;
          box.scrollLeft = 400;
          const first = cells.querySelector('tbody td') as HTMLElement;
          return {
            scrolled: box.scrollLeft,
            offset: first.getBoundingClientRect().left - box.getBoundingClientRect().left,
          };
        });
        if (width === 1024) expect(sticky.scrolled).toBeGreaterThan(0);
        expect(Math.abs(sticky.offset)).toBeLessThanOrEqual(2);

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
