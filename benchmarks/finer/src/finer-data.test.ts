import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError } from '@forge/provider';
import { type PathServer, startPathServer } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, pullData } from './finer-data.js';
import { finerQuestion } from './finer-records.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));
const prefix =
  '/stanford-iris-lab/meta-harness/95175f70c758dd1145b395edfe8b67e6f9d80fbd/reference_examples/text_classification/data/finer';
let server: PathServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function lines(count: number): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `${JSON.stringify({ question: finerQuestion(String(index), `synthetic ${index} .`), target: 'LongTermDebt', context: '' })}\n`,
  ).join('');
}

function serve(files: Record<string, string>) {
  return (url: URL) => {
    const body = files[url.pathname];
    return body === undefined ? { status: 404, body: 'missing' } : { body };
  };
}

describe('pullData', () => {
  it('downloads the three pinned files and checks counts and checksums', async () => {
    server = await startPathServer(
      serve({
        [`${prefix}/train.jsonl`]: lines(200),
        [`${prefix}/val.jsonl`]: lines(100),
        [`${prefix}/test.jsonl`]: lines(100),
      }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-finer-pull-'));
    const report = await pullData({ dataDir, mirror: server.url });
    expect(server.requests).toEqual([
      `${prefix}/train.jsonl`,
      `${prefix}/val.jsonl`,
      `${prefix}/test.jsonl`,
    ]);
    expect(report.ok).toBe(true);
    expect(report.files.map((file) => [file.path, file.records, file.ok])).toEqual([
      ['train.jsonl', 200, true],
      ['val.jsonl', 100, true],
      ['test.jsonl', 100, true],
    ]);
    // Synthetic stand-ins are not the pinned files, and the report says so.
    expect(report.files[0]?.message).toMatch(
      /^content differs from the pinned file \(sha256 [0-9a-f]{64}, pinned ce4c8565/,
    );
    expect(readFileSync(join(dataDir, 'val.jsonl'), 'utf8')).toBe(lines(100));
  });

  it('reports a count mismatch', async () => {
    server = await startPathServer(
      serve({
        [`${prefix}/train.jsonl`]: lines(199),
        [`${prefix}/val.jsonl`]: lines(100),
        [`${prefix}/test.jsonl`]: lines(100),
      }),
    );
    const report = await pullData({
      dataDir: mkdtempSync(join(tmpdir(), 'forge-finer-pull-')),
      mirror: server.url,
    });
    expect(report.ok).toBe(false);
    expect(report.files[0]).toMatchObject({ records: 199, expected: 200, ok: false });
    expect(report.files[0]?.message).toMatch(/^expected 200 records, found 199; content differs/);
  });

  it('rejects a failed download and leaves no partial file', async () => {
    server = await startPathServer(serve({ [`${prefix}/train.jsonl`]: lines(200) }));
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-finer-pull-'));
    await expect(pullData({ dataDir, mirror: server.url })).rejects.toSatisfy(
      (error) => APICallError.isInstance(error) && error.statusCode === 404,
    );
    expect(existsSync(join(dataDir, 'train.jsonl'))).toBe(true);
    expect(existsSync(join(dataDir, 'val.jsonl'))).toBe(false);
  });
});

describe('checkData', () => {
  it('validates the fixtures, which are the pinned files’ first lines', async () => {
    const report = await checkData({ dataDir: fixtures });
    expect(report.files.map((file) => [file.path, file.records, file.expected, file.ok])).toEqual([
      ['train.jsonl', 3, 200, false],
      ['val.jsonl', 2, 100, false],
      ['test.jsonl', 2, 100, false],
    ]);
    const missing = await checkData({ dataDir: mkdtempSync(join(tmpdir(), 'forge-finer-check-')) });
    expect(missing.files[0]?.message).toContain('file not found (run `forge data pull finer`)');
  });
});
