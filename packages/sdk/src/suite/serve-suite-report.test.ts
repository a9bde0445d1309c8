import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { runSuite } from './run-suite.js';
import { serveSuiteReport } from './serve-suite-report.js';
import type { SuiteConfigInput } from './suite-config-schema.js';

// A suite on the offline simulated world: every number here is simulated.
const root = mkdtempSync(join(tmpdir(), 'forge-serve-suite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config: SuiteConfigInput = {
  name: 'sim-live',
  benchmarks: ['sim'],
  methods: ['baseline', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  // A small budget Forge runs under rather than to completion (reaching it is no cap).
  budget: { maxEvaluations: 60, stopAtCompletion: false },
};

/**
 * Every file under `dir` with its size and modification time. SQLite's shared-memory index
 * (`forge.db-shm`) is left out: any reader of a WAL database — the report reads each cell's
 * database for wall time, failure modes and test scores — updates its reader marks there; it
 * holds no data.
 */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (!entry.name.endsWith('.db-shm')) {
        const stat = statSync(child);
        files[child] = `${stat.size}@${stat.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return files;
}

const text = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
};

describe('serveSuiteReport', () => {
  it('serves the suite report live as cells finish, reading the directory and writing nothing', async () => {
    const dir = join(root, 'suite');
    await runSuite(config, { dir, only: 'method=forge' });
    const server = await serveSuiteReport({ dir, intervalMs: 200 });
    try {
      const before = snapshot(dir);
      const first = await text(server.url);
      expect(first.status).toBe(200);
      expect(first.body).toContain('2 cells: 1 done, 0 failed, 1 pending');
      expect(first.body).toContain("connect-src 'self'");
      expect(first.body).toContain('id="live-status"');
      const version = (await text(`${server.url}version`)).body;
      expect(snapshot(dir)).toEqual(before);

      await runSuite(undefined, { dir, resume: true });
      expect((await text(`${server.url}version`)).body).not.toBe(version);
      expect((await text(server.url)).body).toContain('2 cells: 2 done, 0 failed, 0 pending');

      // A results.json gone bad is reported as data, and the server keeps answering.
      writeFileSync(join(dir, 'results.json'), '{"cells": [');
      const broken = await text(server.url);
      expect(broken.status).toBe(500);
      expect(broken.body).toMatch(/^cannot read the suite: .*results\.json.*not valid JSON/);
      expect((await text(`${server.url}version`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('says no cell has finished before the first one does', async () => {
    const dir = join(root, 'fresh');
    mkdirSync(dir);
    copyFileSync(join(root, 'suite', 'suite.json'), join(dir, 'suite.json'));
    const server = await serveSuiteReport({ dir });
    try {
      const page = await text(server.url);
      expect(page.body).toContain('No cell has finished yet');
      expect((await text(`${server.url}version`)).body).toBe('no-results');
    } finally {
      await server.close();
    }
  });

  it('refuses a directory that holds no suite, or a suite.json it cannot read, before serving', async () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const none = await serveSuiteReport({ dir: empty }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(none)).toBe(true);
    expect((none as Error).message).toContain('holds no suite');
    writeFileSync(join(empty, 'suite.json'), '{"formatVersion": 1, "digest": "x", "config": {}}');
    const bad = await serveSuiteReport({ dir: empty }).catch((error: unknown) => error);
    expect(ConfigError.isInstance(bad)).toBe(true);
    expect((bad as Error).message).toContain(join(empty, 'suite.json'));
    expect((bad as Error).message).toContain('field "config.');
  });
});
