import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hubRowsResponder } from '@forge/program/testing';
import { APICallError } from '@forge/provider';
import { type PathServer, startPathServer } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, pullData } from './aime-data.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));
let server: PathServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function aimoRows(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    problem: `Synthetic problem ${index + 1}`,
    solution: 'Synthetic solution.',
    answer: String(index),
    url: 'https://example.org',
  }));
}

function arenaRows(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    problem_idx: index + 1,
    problem: `Synthetic test problem ${index + 1}`,
    answer: index + 100,
  }));
}

describe('pullData', () => {
  it('downloads both splits as JSONL and reports the official counts as ok', async () => {
    server = await startPathServer(
      hubRowsResponder({
        'AI-MO/aimo-validation-aime/train': aimoRows(90),
        'MathArena/aime_2025/train': arenaRows(30),
      }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-aime-pull-'));
    const report = await pullData({ dataDir, mirror: server.url });
    expect(report).toEqual({
      benchmark: 'aime',
      dataDir,
      ok: true,
      files: [
        { path: 'aimo-validation-aime.jsonl', records: 90, expected: 90, ok: true },
        { path: 'aime_2025.jsonl', records: 30, expected: 30, ok: true },
      ],
    });
    expect(server.requests[0]).toBe(
      '/rows?dataset=AI-MO%2Faimo-validation-aime&config=default&split=train&offset=0&length=100',
    );
    const first = JSON.parse(
      readFileSync(join(dataDir, 'aime_2025.jsonl'), 'utf8').split('\n')[0] as string,
    );
    expect(first).toEqual({ problem_idx: 1, problem: 'Synthetic test problem 1', answer: 100 });
  });

  it('reports a count mismatch', async () => {
    server = await startPathServer(
      hubRowsResponder({
        'AI-MO/aimo-validation-aime/train': aimoRows(89),
        'MathArena/aime_2025/train': arenaRows(30),
      }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-aime-pull-'));
    const report = await pullData({ dataDir, mirror: server.url });
    expect(report.ok).toBe(false);
    expect(report.files[0]).toEqual({
      path: 'aimo-validation-aime.jsonl',
      records: 89,
      expected: 90,
      ok: false,
      message: 'expected 90 records, found 89',
    });
  });

  it('rejects a failed download and leaves no partial file', async () => {
    server = await startPathServer(
      hubRowsResponder({ 'AI-MO/aimo-validation-aime/train': aimoRows(90) }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-aime-pull-'));
    const failure = pullData({ dataDir, mirror: server.url });
    await expect(failure).rejects.toSatisfy(
      (error) => APICallError.isInstance(error) && error.statusCode === 404,
    );
    expect(readdirSync(dataDir)).toEqual(['aimo-validation-aime.jsonl']);
    expect(existsSync(join(dataDir, 'aime_2025.jsonl'))).toBe(false);
  });
});

describe('checkData', () => {
  it('validates what is present and flags missing files and wrong counts', async () => {
    const report = await checkData({ dataDir: fixtures });
    expect(report.ok).toBe(false);
    expect(report.files.map((file) => [file.path, file.records, file.ok])).toEqual([
      ['aimo-validation-aime.jsonl', 6, false],
      ['aime_2025.jsonl', 3, false],
    ]);
    const empty = mkdtempSync(join(tmpdir(), 'forge-aime-check-'));
    const missing = await checkData({ dataDir: empty });
    expect(missing.files[0]?.message).toContain('file not found (run `forge data pull aime`)');
  });
});
