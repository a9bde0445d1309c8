import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@forge/report/testing';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from './run-cli.js';

// `forge suite report --watch` on a suite another process runs on the offline simulated world
// (every number is simulated).
const root = mkdtempSync(join(tmpdir(), 'forge-cli-suite-watch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const suiteConfig = [
  'name: sim-live',
  'benchmarks: [sim]',
  'methods: [baseline, forge]',
  'taskModels:',
  '  - { model: sim:task, settings: { latency: 2 } }',
  'optimizerModels:',
  '  - { model: sim:optimizer, settings: { latency: 2 } }',
  'seeds: [0, 1]',
  // Forge runs under this small budget rather than to completion (reaching it would be a cap).
  'budget: { maxEvaluations: 60, stopAtCompletion: false }',
  '',
].join('\n');
const cellCount = 4;

/** "… cells: N done, …" of the suite report's subtitle (-1 before any cell finished). */
function doneCount(html: string): number {
  if (html.includes('No cell has finished yet')) return -1;
  const match = /(\d+) cells: (\d+) done/.exec(html);
  if (match === null) throw new Error(`not a suite report page: ${html.slice(0, 200)}`);
  return Number(match[2]);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every file under `dir` with its size and modification time. SQLite's shared-memory index
 * (`forge.db-shm`) is left out: any reader of a WAL database — the suite report reads each
 * cell's database for wall time, failure modes and test scores — updates its reader marks
 * there; it holds no data.
 */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.db-shm')) continue;
    const path = join(entry.parentPath, entry.name);
    const stat = statSync(path);
    files[path] = `${stat.size}@${stat.mtimeMs}`;
  }
  return files;
}

describe('forge suite report --watch', () => {
  it('serves the report of a suite another process runs, and the page follows the cells as they finish', async () => {
    const cwd = join(root, 'live');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'suite.yaml'), suiteConfig);
    // The suite is paused (SIGSTOP) once it has prepared its directory, so the viewer is
    // certainly open before the cells finish, however fast the machine; then it goes on.
    let paused = false;
    const writer = startCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        if (!paused && line.includes('"type":"suite-prepared"')) {
          paused = true;
          child.kill('SIGSTOP');
        }
      },
    });
    await waitFor(() => paused, 60_000);
    let url = '';
    const viewer = startCli(['suite', 'report', 'suite', '--watch', '--port', '0'], {
      cwd,
      onStdoutLine: (line) => {
        if (line.startsWith('http://')) url = line.trim();
      },
    });
    const browser = await launchChromium(chromium);
    try {
      await waitFor(() => url !== '', 30_000);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const first = await fetch(url);
      expect(first.status).toBe(200);
      const firstCount = doneCount(await first.text());
      expect(firstCount).toBeLessThan(cellCount);

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(url);
      expect(await page.locator('#live-status').isVisible()).toBe(true);

      writer.child.kill('SIGCONT');
      // Fetched over loopback while the cells complete, the count only rises, to all of them.
      const seen = [firstCount];
      await expect
        .poll(
          async () => {
            const count = doneCount(await (await fetch(url)).text());
            seen.push(count);
            return count;
          },
          { timeout: 120_000, interval: 200 },
        )
        .toBe(cellCount);
      expect(seen).toEqual([...seen].sort((left, right) => left - right));
      // The open page reloaded itself to the finished suite, without being told.
      await expect
        .poll(async () => doneCount(await page.content()), { timeout: 30_000, interval: 250 })
        .toBe(cellCount);
      expect(await page.locator('table.suite-cells tbody tr').count()).toBe(cellCount);
      expect(errors).toEqual([]);
      expect(requests.every((request) => request === url || request === `${url}version`)).toBe(
        true,
      );
      const finished = await writer.done;
      expect(finished.code, finished.stderr).toBe(0);

      // The viewer only reads: serving the finished suite changes no file in it.
      const before = snapshot(join(cwd, 'suite'));
      await page.reload();
      expect(await (await fetch(url)).text()).toContain(`${cellCount} done`);
      expect(snapshot(join(cwd, 'suite'))).toEqual(before);
      await page.close();
    } finally {
      await browser.close();
      // A failed check leaves no process behind: the suite is let go and stopped.
      if (writer.child.exitCode === null) {
        writer.child.kill('SIGCONT');
        writer.child.kill('SIGTERM');
      }
      viewer.child.kill('SIGINT');
    }
    const stopped = await viewer.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stderr).toContain(`serving the live report of the suite ${join(cwd, 'suite')}`);
    await expect(fetch(url)).rejects.toThrow();
  }, 240_000);

  it('forge suite --watch serves the report while its own cells run, and stops with the suite', async () => {
    const cwd = join(root, 'own');
    mkdirSync(cwd, { recursive: true });
    // Models slow enough that no cell can finish before the page is fetched; then Ctrl-C.
    writeFileSync(join(cwd, 'suite.yaml'), suiteConfig.replaceAll('latency: 2', 'latency: 500'));
    let url = '';
    const suite = startCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--watch', '--json'], {
      cwd,
    });
    let stderr = '';
    suite.child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      url ||= /live report: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr)?.[1] ?? '';
    });
    try {
      await waitFor(() => url !== '', 60_000);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("connect-src 'self'");
      expect(html).toContain('Forge suite: sim-live');
      expect(doneCount(html)).toBeLessThan(cellCount);
    } finally {
      suite.child.kill('SIGINT');
    }
    const stopped = await suite.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain(
      `live report stopped with the suite; reopen it with: forge suite report ${join(cwd, 'suite')} --watch`,
    );
    // --json keeps stdout to events: the live view's lines go to stderr.
    expect(stopped.stdout).not.toContain('live report');
    await expect(fetch(url)).rejects.toThrow();
  }, 120_000);

  it('names a port in use, and a directory that holds no suite, with exit 2', async () => {
    const cwd = join(root, 'refusals');
    mkdirSync(join(cwd, 'not-a-suite'), { recursive: true });
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      writeFileSync(
        join(cwd, 'suite.yaml'),
        suiteConfig
          .replace(
            'methods: [baseline, forge]',
            'methods: [baseline]\nalignment: { reference: null }',
          )
          .replace('seeds: [0, 1]', 'seeds: [0]'),
      );
      const made = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'suite', '--json'], { cwd });
      expect(made.code, made.stderr).toBe(0);
      const taken = await runCli(['suite', 'report', 'suite', '--watch', '--port', String(port)], {
        cwd,
      });
      expect(taken.code).toBe(2);
      expect(taken.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(taken.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
    const none = await runCli(['suite', 'report', 'not-a-suite', '--watch'], { cwd });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no suite (no suite.json)');
    const badPort = await runCli(['suite', 'report', 'suite', '--watch', '--port', '70000'], {
      cwd,
    });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port');
  });
});
