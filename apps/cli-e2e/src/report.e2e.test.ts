import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '@forge/report/testing';
import {
  countRunInstances,
  readRunCandidates,
  readRunSteps,
  readSynthesisAttempts,
  readSynthesisEvents,
  readValidationScores,
} from '@forge/store';
import Database from 'better-sqlite3';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';

// The report of real (simulated) runs, opened in Debian's Chromium and clicked through. Its
// screenshots go to artifacts/report-demo at the repository root (or FORGE_ARTIFACTS_DIR).
const root = mkdtempSync(join(tmpdir(), 'forge-report-e2e-'));
const artifacts = join(
  process.env['FORGE_ARTIFACTS_DIR'] ??
    fileURLToPath(new URL('../../../artifacts', import.meta.url)),
  'report-demo',
);
let browser: Browser;
let runDir = '';

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launchChromium(chromium);
  const run = await runCli(['demo', '--json', '--run-dir', 'demo-run'], { cwd: root });
  expect(run.code).toBe(0);
  runDir = String(jsonEvents(run.stdout).at(-1)?.['runDir']);
});
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A page that records console errors and every request it makes. */
async function openPage(
  url: string,
): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, requests };
}

function visible(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll(
    (elements) =>
      elements.filter(
        // The package compiles without DOM types; this runs in the page.
        (element) =>
          !(element as unknown as { closest(selector: string): unknown }).closest('[hidden]'),
      ).length,
  );
}

describe('forge report of a simulated run, in headless Chromium', () => {
  it('clicks through every explorer, with no console errors and no requests', async () => {
    const out = join(root, 'rewritten.html');
    const report = await runCli(['report', runDir, '--out', out], { cwd: root });
    expect(report.code).toBe(0);
    expect(report.stdout.trim()).toBe(out);
    const database = new Database(join(runDir, 'forge.db'), { readonly: true });
    const candidates = readRunCandidates(database);
    const steps = readRunSteps(database);
    const attempts = readSynthesisAttempts(database);
    const expected = {
      validation: countRunInstances(database).validation,
      candidates: candidates.length,
      proposals: steps.filter((step) => step.outcome !== 'perfect').length,
      accepted: steps.filter((step) => step.outcome === 'accepted').length,
      attempts: attempts.length,
      admitted: attempts.filter((attempt) => attempt.outcome === 'admitted').length,
      events: readSynthesisEvents(database).length,
    };
    // The best by validation score, the lower index first among equals.
    const best = candidates.reduce((top, candidate) =>
      candidate.validationScore > top.validationScore ? candidate : top,
    ).candidate;
    const seedFailure = readValidationScores(database).find(
      (score) => score.candidate === 0 && score.score < 1,
    );
    const failing = { instance_id: seedFailure?.instanceId as string };
    database.close();

    const { page, errors, requests } = await openPage(pathToFileURL(out).href);
    expect(await page.locator('body').textContent()).toContain('Simulated run.');

    // Instances: every instance × candidate, the seed's failures, one evaluation in full.
    expect(await page.locator('#instance-rows tr').count()).toBe(expected.validation);
    expect(await page.locator('#instance-rows button[data-c]').count()).toBe(
      expected.validation * expected.candidates,
    );
    await page.selectOption('[data-filters-for="instance-rows"] select', 'any');
    expect(await visible(page, '#instance-rows tr')).toBeGreaterThan(0);
    await page
      .locator(`#instance-rows tr[data-instance="${failing.instance_id}"] button[data-c="0"]`)
      .click();
    const detail = page.locator('#instance-detail');
    await expect
      .poll(() => detail.locator('h3').textContent())
      .toContain(`Instance ${failing.instance_id} · candidate #0`);
    const detailText = (await detail.textContent()) ?? '';
    for (const part of ['Input: ', 'Gold: ', 'Output: ', 'Feedback', 'Trace: '])
      expect(detailText).toContain(part);
    expect(await detail.locator('.trace-entry').count()).toBeGreaterThan(0);
    await page.locator('#instances').screenshot({ path: join(artifacts, 'instances.png') });

    // Proposals: filter to the accepted ones, open one, read its diff and reflection.
    expect(await page.locator('#proposal-list > details').count()).toBe(expected.proposals);
    await page.selectOption(
      '[data-filters-for="proposal-list"] select[data-filter="outcome"]',
      'accepted',
    );
    expect(await visible(page, '#proposal-list > details')).toBe(expected.accepted);
    const proposal = page.locator('#proposal-list > details[data-outcome="accepted"]').first();
    await proposal.locator(':scope > summary').click();
    expect(await proposal.locator('.prompt-diff ins').first().isVisible()).toBe(true);
    expect(await proposal.textContent()).toContain("Reflector's answer");
    // The parent's imperfect executions the reflector was shown, with their traces.
    const execution = proposal.locator('details.minibatch-execution').first();
    await execution.locator(':scope > summary').click();
    const parent = execution.locator('[data-side="parent"]');
    expect(await parent.textContent()).toMatch(/^Parent score [\d.]+/);
    expect(await parent.locator('.trace-entry').count()).toBeGreaterThan(0);
    await page.locator('#proposals').screenshot({ path: join(artifacts, 'proposals.png') });

    // Seed against best, per module (the simulated program has two).
    expect(await page.locator('#prompts .prompt-diff').count()).toBe(2);
    expect(await page.locator('#prompts .prompt-diff ins').count()).toBeGreaterThan(0);
    await page.locator('#prompts').screenshot({ path: join(artifacts, 'prompts.png') });

    // Synthetic data: every attempt, filtered to the admitted ones, one opened.
    expect(await page.locator('#attempt-list > details').count()).toBe(expected.attempts);
    await page.selectOption(
      '[data-filters-for="attempt-list"] select[data-filter="outcome"]',
      'admitted',
    );
    expect(await visible(page, '#attempt-list > details')).toBe(expected.admitted);
    const attempt = page.locator('#attempt-list > details[data-outcome="admitted"]').first();
    await attempt.locator('summary').click();
    const attemptText = (await attempt.textContent()) ?? '';
    for (const part of [
      'Failure mode:',
      'Intent:',
      'Source observation',
      'validity: true',
      'faithfulness: true',
    ]) {
      expect(attemptText).toContain(part);
    }
    await page
      .locator('#synthetic-data')
      .screenshot({ path: join(artifacts, 'synthetic-data.png') });

    // Failure modes of every synthesis event, full names on hover.
    expect(
      await page.locator('figure[data-chart="failure-modes"] .panel').count(),
    ).toBeGreaterThanOrEqual(expected.events);
    const titles = await page
      .locator('figure[data-chart="failure-modes"] .failure-mode > title')
      .allTextContents();
    const names = await page
      .locator('figure[data-chart="failure-modes"] .failure-mode')
      .evaluateAll((groups) => groups.map((group) => group.getAttribute('data-mode') ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const [position, name] of names.entries()) {
      expect(titles[position]?.startsWith(`${name}:`)).toBe(true);
    }

    expect(await page.locator('#summary').textContent()).toContain(`candidate #${best}`);
    for (const id of ['summary', 'search', 'synthesis', 'cost']) {
      await page.locator(`#${id}`).screenshot({ path: join(artifacts, `${id}.png`) });
    }
    await page.screenshot({ path: join(artifacts, 'full-page.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(out).href]);
    await page.close();
  });

  it('compares runs on one page: forge report --compare', async () => {
    const ablation = await runCli(
      [
        'optimize',
        '-b',
        'sim',
        '-t',
        'sim:task',
        '-o',
        'sim:optimizer',
        '--variant',
        'prompt-search',
        '--budget',
        '800',
        '--seed',
        '1',
        '--run-dir',
        'ablation',
        '--json',
      ],
      { cwd: root },
    );
    expect(ablation.code).toBe(0);
    const out = join(root, 'compare.html');
    const compared = await runCli(
      ['report', '--compare', runDir, join(root, 'ablation'), '--out', out],
      { cwd: root },
    );
    expect(compared.code).toBe(0);
    expect(compared.stdout.trim()).toBe(out);
    const { page, errors, requests } = await openPage(pathToFileURL(out).href);
    expect(await page.locator('.compare-run').count()).toBe(2);
    expect(await page.locator('.compare-table tbody tr').count()).toBe(2);
    expect(await page.locator('.compare-cost-row').count()).toBe(2);
    await page.screenshot({ path: join(artifacts, 'compare.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(out).href]);
    const one = await runCli(['report', '--compare', runDir], { cwd: root });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('--compare needs at least two runs');
    await page.close();
  });

  it('serves a live view of a run another process is writing: forge report --watch', async () => {
    const cwd = join(root, 'live');
    mkdirSync(cwd, { recursive: true });
    // Slow simulated models, so the run is still going while the page is open.
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      'benchmark: sim\ntaskModel: { model: sim:task, settings: { latency: 6 } }\noptimizerModel: { model: sim:optimizer, settings: { latency: 6 } }\nbudget: { maxEvaluations: 700 }\n',
    );
    let prepared = false;
    const writer = startCli(['optimize', '--run-dir', 'run', '--json', '--no-test'], {
      cwd,
      onStdoutLine: (line) => {
        if (line.includes('"type":"run-prepared"')) prepared = true;
      },
    });
    // Once the run has prepared its directory, the viewer starts on it.
    await waitFor(() => prepared, 30_000);
    let url = '';
    const viewer = startCli(['report', '--watch', 'run', '--port', '0'], {
      cwd,
      onStdoutLine: (line) => {
        if (line.startsWith('http://')) url = line.trim();
      },
    });
    try {
      await waitFor(() => url !== '', 30_000);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const { page, errors, requests } = await openPage(url);
      // Opened while the run goes: the page says it is live. (Checked now, not after the next
      // step lands, by which time a fast simulated run may already have finished.)
      expect(await page.locator('#live-status').isVisible()).toBe(true);
      const steps = async () =>
        Number(
          (await page
            .locator('.summary-table th', { hasText: 'Search steps' })
            .locator('xpath=../td')
            .textContent()) ?? '0',
        );
      const first = await steps();
      // The page reloads itself when steps land, without being told to.
      await expect.poll(steps, { timeout: 60_000, interval: 250 }).toBeGreaterThan(first);
      await page.screenshot({ path: join(artifacts, 'live-view.png') });
      const finished = await writer.done;
      expect(finished.code).toBe(0);
      await expect
        .poll(() => page.locator('.status').first().textContent(), { timeout: 30_000 })
        .toBe('completed');
      expect(errors).toEqual([]);
      // Only the page and its version checks, all on loopback.
      expect(requests.every((request) => request === url || request === `${url}version`)).toBe(
        true,
      );
      expect(requests.filter((request) => request === `${url}version`).length).toBeGreaterThan(0);
      await page.close();
    } finally {
      viewer.child.kill('SIGINT');
      writer.child.kill('SIGKILL');
    }
    const stopped = await viewer.done;
    expect(stopped.code).toBe(0);
    expect(readFileSync(join(cwd, 'run', 'report.html'), 'utf8')).toContain('Validation instances');
  });
});

describe('forge optimize --watch', () => {
  it('serves the live report while the run goes, and stops serving when it ends', async () => {
    const cwd = join(root, 'optimize-watch');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      'benchmark: sim\ntaskModel: { model: sim:task, settings: { latency: 6 } }\noptimizerModel: { model: sim:optimizer, settings: { latency: 6 } }\nbudget: { maxEvaluations: 500 }\n',
    );
    const run = startCli(['optimize', '--watch', '--run-dir', 'run'], { cwd });
    let stderr = '';
    run.child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await waitFor(() => /live report: http:\/\/127\.0\.0\.1:\d+\//.test(stderr), 30_000);
    const url = /live report: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr)?.[1] ?? '';
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("connect-src 'self'");
    expect(html).toContain('Validation instances');
    const finished = await run.done;
    expect(finished.code).toBe(0);
    expect(finished.stderr).toContain(
      `live report stopped with the run; reopen it with: forge report --watch ${join(cwd, 'run')}`,
    );
    await expect(fetch(url)).rejects.toThrow();
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
