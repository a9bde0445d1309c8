import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDirectory } from './__fixtures__/artifacts-directory.js';
import { sampleRunReportData } from './__fixtures__/sample-run-report-data.js';
import { renderCompareReport } from './render-compare-report.js';
import { renderRunReport } from './render-run-report.js';
import { launchChromium } from './testing/launch-chromium.js';

const charts = ['score-curve', 'lineage', 'failure-modes', 'synthesis-accounting', 'cost-by-role'];
const injected =
  '<script>window.forgeInjected = 1</script><img src="https://example.invalid/x.png">';
const sections = [
  'summary',
  'search',
  'instances',
  'proposals',
  'prompts',
  'synthesis',
  'synthetic-data',
  'cost',
];

// The page callbacks run inside Chromium. The package compiles with DOM types for its client
// script, so `document` is typed here too.

async function visibleCount(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluateAll(
      (elements) =>
        elements.filter((element) => !(element as HTMLElement).closest('[hidden]')).length,
    );
}

describe('renderRunReport in headless Chromium', () => {
  it('opens offline with every chart drawn, and every explorer works', {
    timeout: 120_000,
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'forge-report-'));
    const screenshots = artifactsDirectory('report-sample');
    const browser = await launchChromium(chromium);
    try {
      const file = join(directory, 'report.html');
      const data = sampleRunReportData({
        candidates: 60,
        synthesisEvents: 3,
        modes: 8,
        bestAnswerPrompt: injected,
        unpriced: true,
        warnings: [
          {
            type: 'warning',
            code: 'contract-violations',
            role: 'reflect',
            contract: 'one non-empty <system_prompt> block',
            calls: 86,
            noOps: 86,
            rate: 1,
            example: 'Sure! Here is a better prompt: be careful.',
            exampleReason: 'missing-block',
            message: '86 of 86 reflect answers did not follow the contract',
          },
        ],
      });
      // A hostile instance: its text must stay text in the table, the detail view and the data block.
      const hostileInstance = { ...data.validationInstances[0]!, input: { claim: injected } };
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
      page.on('request', (request) => requests.push(request.url()));
      await writeFile(
        file,
        renderRunReport({
          ...data,
          validationInstances: [hostileInstance, ...data.validationInstances.slice(1)],
        }),
        'utf8',
      );
      const url = pathToFileURL(file).href;
      await page.goto(url, { waitUntil: 'load' });

      // Every chart is drawn, and nothing that slipped in as text ran or loaded.
      for (const chart of charts) {
        const drawn = await page.locator(`figure[data-chart="${chart}"] svg.chart`).evaluateAll(
          (svgs) =>
            svgs
              .flatMap((svg) => [...svg.querySelectorAll('path, circle, rect')])
              .filter((mark) => {
                const box = mark.getBoundingClientRect();
                return box.width > 0 && box.height > 0;
              }).length,
        );
        expect(drawn, chart).toBeGreaterThan(3);
      }
      expect(await page.evaluate(() => 'forgeInjected' in globalThis)).toBe(false);
      expect(
        await page.locator('.prompt-text', { hasText: 'forgeInjected' }).count(),
      ).toBeGreaterThan(0);

      // The failure-mode chart has a panel per synthesis event, with full names on hover.
      expect(await page.locator('figure[data-chart="failure-modes"] .panel').count()).toBe(3);
      const titles = await page
        .locator('figure[data-chart="failure-modes"] .failure-mode > title')
        .allTextContents();
      expect(titles.some((title) => title.startsWith('unsupported-claim-accepted:'))).toBe(true);

      // The instance explorer: the failures filter, then a cell's evaluation in full.
      const best = data.summary.bestCandidate;
      const failing = data.validationInstances.filter(
        (instance) => (instance.scores[best] ?? 1) < 1,
      );
      await page.selectOption(
        '[data-filters-for="instance-rows"] select[data-filter="failing"]',
        'best',
      );
      expect(await visibleCount(page, '#instance-rows tr')).toBe(failing.length);
      expect(
        await page.locator('[data-filters-for="instance-rows"] [data-filter-count]').textContent(),
      ).toBe(`${failing.length} of ${data.validationInstances.length} instances shown`);
      const target = failing[0]!;
      await page
        .locator(`#instance-rows tr[data-instance="${target.id}"] button[data-c="${best}"]`)
        .click();
      const detail = page.locator('#instance-detail');
      await expect
        .poll(() => detail.locator('h3').textContent())
        .toBe(`Instance ${target.id} · candidate #${best} (best) · score 0.000`);
      expect(await detail.textContent()).toContain('hop 2 was never checked');
      expect(await detail.locator('.trace-entry').count()).toBe(2);
      expect(await page.locator(`#instance-rows button[aria-pressed="true"]`).count()).toBe(1);
      await page.locator('#instances').screenshot({ path: join(screenshots, 'instances.png') });
      // The hostile instance's text shows as text.
      await page.selectOption(
        '[data-filters-for="instance-rows"] select[data-filter="failing"]',
        '',
      );
      await page
        .locator(`#instance-rows tr[data-instance="${hostileInstance.id}"] button[data-c="0"]`)
        .click();
      expect(await detail.textContent()).toContain('<script>window.forgeInjected = 1</script>');
      expect(await page.evaluate(() => 'forgeInjected' in globalThis)).toBe(false);

      // Proposals: filter by outcome, open one, read its diff and the reflector's answer.
      const accepted = data.proposals.filter((proposal) => proposal.outcome === 'accepted');
      await page.selectOption(
        '[data-filters-for="proposal-list"] select[data-filter="outcome"]',
        'accepted',
      );
      expect(await visibleCount(page, '#proposal-list > details')).toBe(accepted.length);
      const first = page.locator(`#proposal-${accepted[0]!.step}`);
      await first.locator('summary').click();
      expect(await first.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
      expect(await first.locator('.prompt-diff ins').first().isVisible()).toBe(true);
      expect(await first.textContent()).toContain("Reflector's answer");
      await page.selectOption(
        '[data-filters-for="proposal-list"] select[data-filter="outcome"]',
        'no-op',
      );
      expect(await visibleCount(page, '#proposal-list > details')).toBe(
        data.proposals.filter((proposal) => proposal.outcome === 'no-op').length,
      );
      await page.locator('#proposals').screenshot({ path: join(screenshots, 'proposals.png') });

      // Seed against best: one diff per module.
      expect(await page.locator('#prompts .prompt-diff').count()).toBe(2);
      await page.locator('#prompts').screenshot({ path: join(screenshots, 'prompts.png') });

      // The synthetic data browser: filter by outcome and event, open an attempt.
      const rejected = data.synthesisAttempts.filter(
        (attempt) => attempt.outcome === 'rejected-validity',
      );
      await page.selectOption(
        '[data-filters-for="attempt-list"] select[data-filter="outcome"]',
        'rejected-validity',
      );
      expect(await visibleCount(page, '#attempt-list > details')).toBe(rejected.length);
      await page.selectOption('[data-filters-for="attempt-list"] select[data-filter="event"]', '1');
      expect(await visibleCount(page, '#attempt-list > details')).toBe(
        rejected.filter((attempt) => attempt.event === 1).length,
      );
      const attempt = rejected.find((candidate) => candidate.event === 1)!;
      const opened = page.locator(`#attempt-${attempt.event}-${attempt.slot}`);
      await opened.locator('summary').click();
      expect(await opened.locator('.verdict-false').first().isVisible()).toBe(true);
      expect(await opened.textContent()).toContain('The gold label follows from the passages.');
      await page
        .locator('#synthetic-data')
        .screenshot({ path: join(screenshots, 'synthetic-data.png') });

      // Warnings and unpriced costs are said, not hidden.
      expect(await page.locator('.banner-warning').textContent()).toContain('86 of 86 answers');
      expect(await page.locator('figure[data-chart="cost-by-role"]').textContent()).toContain(
        'unpriced',
      );

      for (const id of ['summary', 'search', 'synthesis', 'cost']) {
        await page.locator(`#${id}`).screenshot({ path: join(screenshots, `${id}.png`) });
      }
      expect(await page.locator(sections.map((id) => `#${id}`).join(', ')).count()).toBe(
        sections.length,
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(screenshots, 'full-page.png'), fullPage: true });

      // Printed, every chart still shows.
      await page.emulateMedia({ media: 'print' });
      const printed = await page
        .locator('figure[data-chart] svg.chart')
        .evaluateAll((svgs) => svgs.filter((svg) => svg.getBoundingClientRect().width > 0).length);
      expect(printed).toBe(charts.length);

      expect(errors).toEqual([]);
      expect(requests.filter((request) => request !== url)).toEqual([]);
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('draws compared runs overlaid, offline and without errors', { timeout: 60_000 }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'forge-compare-'));
    const browser = await launchChromium(chromium);
    try {
      const runs = [30, 18, 9].map((candidates, position) => {
        const data = sampleRunReportData({ candidates, unpriced: position === 2 });
        return { ...data, run: { ...data.run, runDir: `forge-runs/run-${position}` } };
      });
      const file = join(directory, 'compare.html');
      await writeFile(file, renderCompareReport(runs, '2026-01-01T00:00:00.000Z'), 'utf8');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => requests.push(request.url()));
      const url = pathToFileURL(file).href;
      await page.goto(url, { waitUntil: 'load' });
      const lines = await page
        .locator('.compare-run .compare-line')
        .evaluateAll(
          (paths) => paths.filter((path) => path.getBoundingClientRect().width > 100).length,
        );
      expect(lines).toBe(3);
      expect(await page.locator('.compare-cost-row').count()).toBe(3);
      await page.screenshot({
        path: join(artifactsDirectory('report-sample'), 'compare.png'),
        fullPage: true,
      });
      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);
    } finally {
      await browser.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
