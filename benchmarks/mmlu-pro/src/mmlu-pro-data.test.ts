import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hubRowsResponder } from '@forge/program/testing';
import { APICallError } from '@forge/provider';
import { type PathServer, startPathServer } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, pullData } from './mmlu-pro-data.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));
let server: PathServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function rows(count: number, firstId: number) {
  return Array.from({ length: count }, (_, index) => ({
    question_id: firstId + index,
    question: `synthetic question ${index}`,
    options: ['yes', 'no', 'N/A'],
    answer: 'A',
    answer_index: 0,
    cot_content: '',
    category: index % 2 === 0 ? 'math' : 'law',
    src: 'synthetic',
  }));
}

describe('pullData', () => {
  it('pages through both official splits and checks the counts', async () => {
    server = await startPathServer(
      hubRowsResponder({
        'TIGER-Lab/MMLU-Pro/test': rows(12032, 0),
        'TIGER-Lab/MMLU-Pro/validation': rows(70, 20000),
      }),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-mmlu-pull-'));
    const report = await pullData({ dataDir, mirror: server.url });
    expect(report.ok).toBe(true);
    expect(report.files).toEqual([
      { path: 'test.jsonl', records: 12032, expected: 12032, ok: true },
      { path: 'validation.jsonl', records: 70, expected: 70, ok: true },
    ]);
    expect(server.requests).toHaveLength(122);
    expect(server.requests[120]).toBe(
      '/rows?dataset=TIGER-Lab%2FMMLU-Pro&config=default&split=test&offset=12000&length=100',
    );
  });

  it('reports a count mismatch and fails cleanly on a download error', async () => {
    server = await startPathServer(hubRowsResponder({ 'TIGER-Lab/MMLU-Pro/test': rows(10, 0) }));
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-mmlu-pull-'));
    await expect(pullData({ dataDir, mirror: server.url })).rejects.toSatisfy(
      APICallError.isInstance,
    );
    const report = await checkData({ dataDir });
    expect(report.files).toEqual([
      {
        path: 'test.jsonl',
        records: 10,
        expected: 12032,
        ok: false,
        message: 'expected 12032 records, found 10',
      },
      expect.objectContaining({ path: 'validation.jsonl', ok: false }),
    ]);
  });
});

describe('checkData', () => {
  it('validates the fixtures and reports their (non-official) counts', async () => {
    const report = await checkData({ dataDir: fixtures });
    expect(report.files.map((file) => [file.path, file.records])).toEqual([
      ['test.jsonl', 12],
      ['validation.jsonl', 3],
    ]);
    expect(report.ok).toBe(false);
  });
});
