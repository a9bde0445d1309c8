import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDirectory } from '../__fixtures__/artifacts-directory.js';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { launchChromium } from '../testing/launch-chromium.js';
import { renderSuiteReport } from './render-suite-report.js';

describe('renderSuiteReport in headless Chromium', () => {
  it('opens offline with every chart drawn, and every cell link leads to that cell', {
    timeout: 120_000,
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'forge-suite-report-'));
    const browser = await launchChromium(chromium);
    try {
      const data = sampleSuiteReportData({
        hostileTitle:
          '<script>window.forgeInjected = 1</script><img src="https://example.invalid/x.png">',
      });
      for (const [id, link] of Object.entries(data.cellLinks)) {
        await mkdir(dirname(join(directory, link)), { recursive: true });
        await writeFile(join(directory, link), `<!doctype html><title>${id}</title><p>${id}</p>`);
      }
      const file = join(directory, 'report.html');
      await writeFile(file, renderSuiteReport(data));
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(file).href);

      for (const chart of [
        'suite-bars',
        'suite-curves',
        'suite-synthesis',
        'suite-failure-modes',
      ]) {
        const boxes = await page
          .locator(`figure[data-chart="${chart}"] svg.chart`)
          .evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().height),
          );
        expect(boxes.length, chart).toBeGreaterThan(0);
        for (const height of boxes) expect(height, chart).toBeGreaterThan(100);
      }
      expect(await page.locator('rect.suite-bar').count()).toBe(6);
      expect(await page.locator('rect.suite-bar[data-partial="true"]').count()).toBe(1);
      expect(await page.locator('table.suite-cells tbody tr').count()).toBe(12);
      expect(
        await page.evaluate(() => (window as unknown as { forgeInjected?: number }).forgeInjected),
      ).toBeUndefined();
      expect(await page.locator('h3', { hasText: 'Test performance' }).count()).toBe(1);
      await page.screenshot({
        path: join(artifactsDirectory('suite-report-sample'), 'suite-report.png'),
        fullPage: true,
      });

      // The solve matrix's filter, run by the page's own script under its CSP.
      const alpha = page.locator('[data-solve-matrix="alpha"]');
      const shown = () =>
        alpha
          .locator('tbody tr:not([hidden])')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-instance')));
      expect(await alpha.locator('.filters').isVisible()).toBe(true);
      expect(await shown()).toHaveLength(10);
      await alpha.locator('select[data-filter="view"]').selectOption('only-forge');
      expect(await shown()).toEqual(['t-5', 't-6', 't-9']);
      expect(await alpha.locator('.filter-count').textContent()).toBe('3 of 10 instances shown');
      await alpha.locator('select[data-filter="view"]').selectOption('unsolved');
      expect(await shown()).toEqual(['t-7', 't-8', 't-10']);
      await alpha.locator('select[data-filter="view"]').selectOption('disagree');
      expect(await shown()).toEqual(['t-2', 't-3', 't-4', 't-5', 't-6', 't-9']);
      // The other benchmark's matrix is not touched.
      expect(await page.locator('[data-solve-matrix="beta"] tbody tr:not([hidden])').count()).toBe(
        10,
      );
      await alpha.locator('select[data-filter="view"]').selectOption('');
      expect(await shown()).toHaveLength(10);

      const links = page.locator('table.suite-cells a');
      expect(await links.count()).toBe(11);
      const first = await links.first().getAttribute('href');
      await links.first().click();
      await page.waitForLoadState('load');
      expect(page.url()).toBe(pathToFileURL(join(directory, first ?? '')).href);
      expect(await page.title()).toBe('alpha/forge/sim-task/sim-optimizer/seed-0');

      expect(errors).toEqual([]);
      expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
