import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli } from './run-cli.js';

const chromiumPath = '/usr/bin/chromium';
const charts = ['score-curve', 'lineage', 'failure-modes', 'synthesis-accounting', 'cost-by-role'];
const root = mkdtempSync(join(tmpdir(), 'forge-report-e2e-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The page callback runs inside Chromium; the package has no DOM types, so it names what it uses.
interface Element {
  querySelectorAll(selector: string): ArrayLike<Element>;
  getBoundingClientRect(): { width: number; height: number };
}
declare const document: Element & { querySelector(selector: string): Element | null };

describe('forge report', () => {
  it('writes a report of a real (simulated) run that opens in headless Chromium with every chart drawn', async () => {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `Chromium is missing at ${chromiumPath}: install Debian's package with 'apt-get install -y chromium'`,
      );
    }
    const run = await runCli(['demo', '--json', '--run-dir', 'demo-run'], { cwd: root });
    expect(run.code).toBe(0);
    const runDir = String(jsonEvents(run.stdout).at(-1)?.['runDir']);
    const out = join(root, 'rewritten.html');
    const report = await runCli(['report', runDir, '--out', out], { cwd: root });
    expect(report.code).toBe(0);
    expect(report.stdout.trim()).toBe(out);

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
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(out).href, { waitUntil: 'load' });
      const drawn = await page.evaluate((names) => {
        return names.map((name) => {
          const figure = document.querySelector(`figure[data-chart="${name}"]`);
          if (figure === null) return { name, marks: -1 };
          const marks = Array.from(
            figure.querySelectorAll('svg path, svg circle, svg rect, svg line'),
          ).filter((mark) => {
            const box = mark.getBoundingClientRect();
            return box.width > 0 || box.height > 0;
          });
          return { name, marks: marks.length };
        });
      }, charts);
      expect(errors).toEqual([]);
      expect(requests).toEqual([pathToFileURL(out).href]);
      for (const chart of drawn) expect(chart.marks, chart.name).toBeGreaterThan(3);
      const text = await page.textContent('body');
      expect(text).toContain('simulated');
      await page.screenshot({ path: join(tmpdir(), 'forge-demo-report.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
