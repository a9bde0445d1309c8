import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError } from '@forge/provider';
import { type PathServer, startPathServer } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, pullData } from './lawbench-data.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));
const prefix =
  '/stanford-iris-lab/meta-harness/95175f70c758dd1145b395edfe8b67e6f9d80fbd/reference_examples/text_classification/data/crime_prediction';
let server: PathServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function lines(count: number): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `${JSON.stringify({ instruction: '合成', question: `事实:合成案件${index}`, answer: '罪名:盗窃' })}\n`,
  ).join('');
}

function serve(files: Record<string, string>) {
  return (url: URL) => {
    const body = files[url.pathname];
    return body === undefined ? { status: 404, body: 'missing' } : { body };
  };
}

describe('pullData', () => {
  it('downloads the three pinned files and checks their counts', async () => {
    server = await startPathServer(
      serve({
        [`${prefix}/train.jsonl`]: lines(200),
        [`${prefix}/val.jsonl`]: lines(50),
        [`${prefix}/test.jsonl`]: lines(100),
      }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-lawbench-pull-'));
    const report = await pullData({ dataDir, mirror: server.url });
    expect(server.requests).toEqual([
      `${prefix}/train.jsonl`,
      `${prefix}/val.jsonl`,
      `${prefix}/test.jsonl`,
    ]);
    expect(report.ok).toBe(true);
    expect(report.files.map((file) => [file.path, file.records, file.expected])).toEqual([
      ['train.jsonl', 200, 200],
      ['val.jsonl', 50, 50],
      ['test.jsonl', 100, 100],
    ]);
  });

  it('reports a count mismatch', async () => {
    server = await startPathServer(
      serve({
        [`${prefix}/train.jsonl`]: lines(200),
        [`${prefix}/val.jsonl`]: lines(49),
        [`${prefix}/test.jsonl`]: lines(100),
      }),
    );
    const report = await pullData({
      dataDir: mkdtempSync(join(tmpdir(), 'forge-lawbench-pull-')),
      mirror: server.url,
    });
    expect(report.ok).toBe(false);
    expect(report.files[1]).toMatchObject({
      path: 'val.jsonl',
      records: 49,
      expected: 50,
      ok: false,
    });
    expect(report.files[1]?.message).toMatch(/^expected 50 records, found 49/);
  });

  it('rejects a failed download and leaves no partial file', async () => {
    server = await startPathServer(() => ({ status: 500, body: 'boom' }));
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-lawbench-pull-'));
    await expect(pullData({ dataDir, mirror: server.url })).rejects.toSatisfy(
      (error) => APICallError.isInstance(error) && error.statusCode === 500,
    );
    expect(existsSync(join(dataDir, 'train.jsonl'))).toBe(false);
  });
});

describe('checkData', () => {
  it('validates the synthetic fixtures and reports their counts', async () => {
    const report = await checkData({ dataDir: fixtures });
    expect(report.files.map((file) => [file.path, file.records, file.ok])).toEqual([
      ['train.jsonl', 3, false],
      ['val.jsonl', 2, false],
      ['test.jsonl', 2, false],
    ]);
  });
});
