import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sampleRunReportData } from './__fixtures__/sample-run-report-data.js';
import { renderRunReport } from './render-run-report.js';

const chromiumPath = '/usr/bin/chromium';
const charts = ['score-curve', 'lineage', 'failure-modes', 'synthesis-accounting', 'cost-by-role'];
const injected =
  '<script>window.forgeInjected = 1</script><img src="https://example.invalid/x.png">';

// The page callbacks run inside Chromium. The package compiles without DOM types, so they
// describe the little of the DOM they touch.
interface PageElement {
  querySelectorAll(selector: string): Iterable<PageElement> & { readonly length: number };
  getBoundingClientRect(): { readonly width: number; readonly height: number };
}

interface PageGlobals {
  readonly document: PageElement & {
    querySelector(selector: string): PageElement | null;
    readonly documentElement: { readonly scrollWidth: number; readonly clientWidth: number };
  };
}

interface ChartMarks {
  readonly chart: string;
  readonly svgs: number;
  readonly drawn: number;
}

describe('renderRunReport in headless Chromium', () => {
  it('opens offline with no errors and every chart drawn', { timeout: 90_000 }, async () => {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `Chromium is missing at ${chromiumPath}. This test needs a real browser: install Debian's ` +
          "package with 'apt-get install -y chromium' (CI must install it too).",
      );
    }
    const directory = await mkdtemp(join(tmpdir(), 'forge-report-'));
    // launch() gives every browser a fresh temporary profile (user-data dir) and removes it on close.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const file = join(directory, 'report.html');
      const data = sampleRunReportData({
        candidates: 60,
        synthesisEvents: 2,
        modes: 8,
        bestAnswerPrompt: injected,
      });
      await writeFile(file, renderRunReport(data), 'utf8');
      const url = pathToFileURL(file).href;

      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
      page.on('request', (request) => requests.push(request.url()));

      await page.goto(url, { waitUntil: 'load' });

      const marks: ChartMarks[] = await page.evaluate((names) => {
        const { document } = globalThis as unknown as PageGlobals;
        return names.map((chart) => {
          const figure = document.querySelector(`figure[data-chart="${chart}"]`);
          const svgs = figure ? figure.querySelectorAll('svg') : [];
          let drawn = 0;
          for (const svg of svgs) {
            for (const mark of svg.querySelectorAll('path, circle, rect')) {
              const box = mark.getBoundingClientRect();
              if (box.width > 0 && box.height > 0) drawn += 1;
            }
          }
          return { chart, svgs: svgs.length, drawn };
        });
      }, charts);
      const injectedRan = await page.evaluate(() => 'forgeInjected' in globalThis);
      const promptText = await page
        .locator('.prompt-text', { hasText: 'forgeInjected' })
        .first()
        .textContent();
      const overflow = await page.evaluate(() => {
        const { document } = globalThis as unknown as PageGlobals;
        return document.documentElement.scrollWidth - document.documentElement.clientWidth;
      });

      const screenshot = join(directory, 'report.png');
      await page.screenshot({ path: screenshot, fullPage: true });
      const keep = process.env['FORGE_REPORT_SCREENSHOT'];
      if (keep) await copyFile(screenshot, keep);

      await page.emulateMedia({ media: 'print' });
      const printedCharts = await page.evaluate(() => {
        const { document } = globalThis as unknown as PageGlobals;
        return [...document.querySelectorAll('figure[data-chart] svg')].filter(
          (svg) => svg.getBoundingClientRect().width > 0,
        ).length;
      });

      expect(errors).toEqual([]);
      expect(requests.filter((request) => request !== url)).toEqual([]);
      expect(await page.locator('figure[data-chart]').count()).toBe(charts.length);
      const minimumMarks: Record<string, number> = {
        'score-curve': 60,
        lineage: 60,
        'failure-modes': 16,
        'synthesis-accounting': 2 * 7,
        'cost-by-role': 5 * 3,
      };
      for (const chart of marks) {
        expect(chart.svgs, chart.chart).toBe(1);
        expect(chart.drawn, chart.chart).toBeGreaterThanOrEqual(minimumMarks[chart.chart] ?? 1);
      }
      expect(injectedRan).toBe(false);
      expect(promptText).toContain('<script>window.forgeInjected = 1</script>');
      expect(overflow).toBeLessThanOrEqual(0);
      expect(printedCharts).toBe(charts.length);
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
