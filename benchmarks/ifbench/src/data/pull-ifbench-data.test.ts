import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIfbenchData } from './check-ifbench-data.js';
import { gitBlobSha1 } from './git-blob-sha1.js';
import { IFBENCH_FILES, type IfbenchDataFile } from './ifbench-files.js';
import { pullIfbenchData } from './pull-ifbench-data.js';

const testBytes = readFileSync(
  new URL('../__fixtures__/ifbench-test-sample.jsonl', import.meta.url),
);
const trainBytes = readFileSync(new URL('../__fixtures__/train-sample.jsonl', import.meta.url));

// The official paths, served from a loopback server; a path mapped to a status fails.
const served = new Map<string, Buffer | number>();
const received: string[] = [];
let server: Server;
let mirror: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '');
    const body = served.get(request.url ?? '');
    if (body === undefined || typeof body === 'number') {
      response.writeHead(typeof body === 'number' ? body : 404).end('nope');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const [officialTest, officialTrain] = IFBENCH_FILES as [IfbenchDataFile, IfbenchDataFile];
const pathOf = (file: IfbenchDataFile) => new URL(file.url).pathname;
// Fixture-sized stand-ins for the official files: same URLs, fixture counts and hashes.
const fixtureFiles: IfbenchDataFile[] = [
  { ...officialTest, records: 5, sha256: undefined, gitBlobSha1: gitBlobSha1(testBytes) },
  { ...officialTrain, records: 10, gitBlobSha1: gitBlobSha1(trainBytes) },
];

describe('pullIfbenchData', () => {
  it('downloads both files from the pinned paths through the mirror and checks them', async () => {
    served.set(pathOf(officialTest), testBytes);
    served.set(pathOf(officialTrain), trainBytes);
    const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-pull-'));
    const progress: string[] = [];
    const report = await pullIfbenchData(
      { dataDir, mirror, onProgress: (line) => progress.push(line) },
      fixtureFiles,
    );
    expect(report.ok).toBe(true);
    expect(report.files.map(({ path, records, ok }) => [path, records, ok])).toEqual([
      ['IFBench_test.jsonl', 5, true],
      ['IFBench_train.jsonl', 10, true],
    ]);
    expect(received).toContain(
      '/allenai/IFBench/8a66c069755e98b8d0871829751da9fd7b6ce8f0/data/IFBench_test.jsonl',
    );
    expect(progress).toHaveLength(2);
    expect((await checkIfbenchData({ dataDir }, fixtureFiles)).ok).toBe(true);
  });

  it('leaves no file behind when a download fails, and says so', async () => {
    served.set(pathOf(officialTest), 503);
    served.set(pathOf(officialTrain), trainBytes);
    const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-fail-'));
    const report = await pullIfbenchData({ dataDir, mirror }, fixtureFiles);
    expect(report.ok).toBe(false);
    expect(report.files[0]?.message).toMatch(/HTTP 503/);
    expect(report.files[1]?.ok).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['IFBench_train.jsonl']);
  });

  it('reports a record-count mismatch', async () => {
    served.set(pathOf(officialTest), testBytes);
    served.set(pathOf(officialTrain), trainBytes);
    const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-count-'));
    const report = await pullIfbenchData({ dataDir, mirror }, [
      { ...fixtureFiles[0], records: 294 } as IfbenchDataFile,
    ]);
    expect(report.ok).toBe(false);
    expect(report.files[0]).toMatchObject({
      records: 5,
      expected: 294,
      ok: false,
      message: 'has 5 records, expected 294',
    });
  });

  it('rejects content that is not the pinned official file and removes it', async () => {
    served.set(pathOf(officialTest), testBytes);
    served.set(pathOf(officialTrain), trainBytes);
    const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-pin-'));
    const report = await pullIfbenchData({ dataDir, mirror });
    expect(report.ok).toBe(false);
    expect(report.files[0]?.message).toMatch(/SHA-256 .* does not match/);
    expect(report.files[1]?.message).toMatch(/differs from the pinned file .*removed/);
    expect(existsSync(join(dataDir, 'IFBench_test.jsonl'))).toBe(false);
    expect(existsSync(join(dataDir, 'IFBench_train.jsonl'))).toBe(false);
  });
});

describe('checkIfbenchData', () => {
  it('reports rows whose constraints cannot be built without failing the file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ifbench-check-'));
    const row = {
      key: 1,
      prompt: 'p',
      instruction_id_list: ['count:numbers'],
      kwargs: [{ N: null }],
    };
    writeFileSync(join(dataDir, 'IFBench_train.jsonl'), `${JSON.stringify(row)}\n`);
    const report = await checkIfbenchData({ dataDir }, [
      { ...officialTrain, records: 1, gitBlobSha1: undefined },
    ]);
    expect(report.ok).toBe(true);
    expect(report.files[0]?.message).toMatch(
      /^1 rows have constraints this port cannot build; first: .*line 1/,
    );
  });

  it('reports missing files with the pull command', async () => {
    const report = await checkIfbenchData({
      dataDir: mkdtempSync(join(tmpdir(), 'ifbench-empty-')),
    });
    expect(report.ok).toBe(false);
    expect(report.files.map((file) => file.message)).toEqual([
      'missing; run `forge data pull ifbench`',
      'missing; run `forge data pull ifbench`',
    ]);
  });
});
