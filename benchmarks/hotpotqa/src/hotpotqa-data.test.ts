import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkData, hotpotTrainFile, pullData } from './hotpotqa-data.js';

const record = (index: number) =>
  JSON.stringify({
    _id: `r${index}`,
    question: 'q?',
    answer: 'a',
    supporting_facts: [],
    context: [],
  });

let body = '';
let status = 200;
const requested: string[] = [];
let server: Server;
let mirror: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    response.writeHead(status);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('HotPotQA data commands', () => {
  it('pulls the official path through a mirror and reports a count mismatch', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hotpot-pull-'));
    body = `[${[1, 2, 3].map(record).join(',')}]`;
    status = 200;
    requested.length = 0;
    const report = await pullData({ dataDir, mirror });
    expect(requested).toEqual(['/datasets/hotpot/hotpot_train_v1.1.json']);
    expect(report.ok).toBe(false);
    expect(report.files).toEqual([
      {
        path: hotpotTrainFile,
        records: 3,
        expected: 90_447,
        ok: false,
        message: 'expected 90447 records, found 3',
      },
    ]);
  });

  it('leaves no file behind when the download fails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hotpot-pull-'));
    status = 503;
    const error = await pullData({ dataDir, mirror }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(503);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('accepts a complete file and names the record and field of a bad one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hotpot-check-'));
    const file = join(dataDir, hotpotTrainFile);
    writeFileSync(
      file,
      `[${Array.from({ length: 90_447 }, (_, index) => record(index)).join(',\n')}]`,
    );
    expect(await checkData({ dataDir })).toMatchObject({
      ok: true,
      files: [{ records: 90_447, ok: true }],
    });
    writeFileSync(
      file,
      `[${record(1)}, {"_id": "r2", "question": "q", "answer": 5, "supporting_facts": [], "context": []}]`,
    );
    const bad = await checkData({ dataDir });
    expect(bad.ok).toBe(false);
    expect(bad.files[0]?.message).toContain(`${file}, line 2, field "answer"`);
  });

  it('reports a missing file without throwing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hotpot-check-'));
    const report = await checkData({ dataDir });
    expect(report.files[0]).toMatchObject({
      ok: false,
      records: 0,
      message: expect.stringContaining('forge data pull hotpotqa'),
    });
    expect(existsSync(join(dataDir, hotpotTrainFile))).toBe(false);
  });
});
