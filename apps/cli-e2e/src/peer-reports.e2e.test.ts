import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '@forge/report/testing';
import { countRunInstances, readCheckpointRecords } from '@forge/store';
import Database from 'better-sqlite3';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A suite of Forge, GEPA, ACE and MIPROv2 on the offline simulated world (every number is
// simulated); the peer methods' cell reports opened in Debian's Chromium.
const root = mkdtempSync(join(tmpdir(), 'forge-peer-reports-'));
let browser: Browser;
const suiteConfig = [
  'name: sim-peers',
  'benchmarks: [sim]',
  'methods: [forge, gepa, ace, mipro]',
  'taskModels: [sim:task]',
  'optimizerModels: [sim:optimizer]',
  'seeds: [0]',
  // Forge runs under this small budget rather than to completion (reaching it would be a cap,
  // which stops the reference and refuses the peers aligned to it).
  'budget: { maxEvaluations: 200, stopAtCompletion: false }',
  '',
].join('\n');
const cellDir = (method: string) =>
  join(root, 'suite', 'cells', 'sim', method, 'sim-task', 'sim-optimizer', 'seed-0');

beforeAll(async () => {
  browser = await launchChromium(chromium);
  writeFileSync(join(root, 'suite.yaml'), suiteConfig);
  const suite = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--json'], {
    cwd: root,
  });
  expect(suite.code).toBe(0);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, errors };
}

describe('peer-method cell reports of a suite, in headless Chromium', () => {
  for (const method of ['gepa', 'ace', 'mipro']) {
    it(`${method}: proposals with the optimizer's answers and diffs, and every task output`, async () => {
      const dir = cellDir(method);
      const database = new Database(join(dir, 'forge.db'), { readonly: true });
      const proposals = readCheckpointRecords(database, ['proposal']).length;
      const validation = countRunInstances(database).validation;
      database.close();
      expect(proposals).toBeGreaterThan(0);

      const { page, errors } = await open(join(dir, 'report.html'));
      const body = (await page.locator('body').textContent()) ?? '';
      expect(body).not.toContain('No step reached the reflector yet');
      expect(await page.locator('#proposal-list > details').count()).toBe(proposals);
      const accepted = page.locator('#proposal-list > details[data-outcome="accepted"]').first();
      await accepted.locator(':scope > summary').click();
      expect(await accepted.locator('.prompt-diff').first().isVisible()).toBe(true);
      expect(await accepted.textContent()).toMatch(/(Reflector|Curator|Proposer)'s answer/);
      if (method !== 'mipro') {
        // What the optimizer saw: each minibatch instance's parent and proposal execution.
        const execution = accepted.locator('details.minibatch-execution').first();
        await execution.locator(':scope > summary').click();
        const parent = execution.locator('[data-side="parent"]');
        expect(await parent.isVisible()).toBe(true);
        expect(await parent.textContent()).toMatch(/Parent score [\d.]+output: /);
        expect(await execution.locator('[data-side="proposal"]').textContent()).toMatch(
          /Proposal score [\d.]+output: /,
        );
        expect(await parent.locator('.trace-entry').count()).toBeGreaterThan(0);
      }

      // The instance explorer: every validation instance, the seed's evaluation in full.
      expect(await page.locator('#instance-rows tr').count()).toBe(validation);
      await page.locator('#instance-rows tr button[data-c="0"]').first().click();
      const detail = page.locator('#instance-detail');
      await expect.poll(() => detail.locator('h3').textContent()).toContain('candidate #0');
      const detailText = (await detail.textContent()) ?? '';
      for (const part of ['Output: ', 'Trace: ']) expect(detailText).toContain(part);
      expect(detailText).not.toContain('not recorded');
      expect(await detail.locator('.trace-entry').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('labels the cells by method in forge report --compare', async () => {
    const out = join(root, 'compare.html');
    const compare = await runCli(
      ['report', '--compare', ...['forge', 'gepa', 'ace', 'mipro'].map(cellDir), '--out', out],
      { cwd: root },
    );
    expect(compare.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    for (const method of ['forge', 'gepa', 'ace', 'mipro'])
      expect(html).toContain(`<tr data-run="${method}">`);
    expect(html).not.toContain('data-run="seed-0"');
  });
});
