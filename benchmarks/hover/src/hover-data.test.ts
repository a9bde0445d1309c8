import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { APICallError } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkData, pullData } from './hover-data.js';
import { loadHoverRecords } from './load-hover-records.js';

const fixtures = join(import.meta.dirname, '__fixtures__');
const responses = new Map<string, { status: number; body: string }>();
let server: Server;
let mirror: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = responses.get(request.url ?? '') ?? { status: 404, body: 'missing' };
    response.writeHead(answer.status);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const path = (name: string) => `/hover-nlp/hover/main/data/hover/${name}`;

describe('HoVer data commands', () => {
  it('pulls both release files through a mirror and reports count mismatches', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hover-pull-'));
    for (const name of ['hover_train_release_v1.1.json', 'hover_dev_release_v1.1.json']) {
      responses.set(path(name), { status: 200, body: readFileSync(join(fixtures, name), 'utf8') });
    }
    const report = await pullData({ dataDir, mirror });
    expect(report.ok).toBe(false);
    expect(report.files).toEqual([
      {
        path: 'hover_train_release_v1.1.json',
        records: 9,
        expected: 18_171,
        ok: false,
        message: 'expected 18171 records, found 9',
      },
      {
        path: 'hover_dev_release_v1.1.json',
        records: 12,
        expected: 4_000,
        ok: false,
        message: 'expected 4000 records, found 12',
      },
    ]);
  });

  it('leaves no file behind when a download fails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hover-pull-'));
    responses.set(path('hover_dev_release_v1.1.json'), { status: 500, body: 'boom' });
    const error = await pullData({ dataDir, mirror }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(500);
    expect(readdirSync(dataDir)).toEqual(['hover_train_release_v1.1.json']);
  });

  it('reports missing files and names the record and field of a bad one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-hover-check-'));
    writeFileSync(
      join(dataDir, 'hover_train_release_v1.1.json'),
      '[{"uid": "u", "claim": "c", "supporting_facts": [], "label": "MAYBE", "num_hops": 2}]',
    );
    const report = await checkData({ dataDir });
    expect(report.files[0]?.message).toContain(
      'hover_train_release_v1.1.json, line 1, field "label"',
    );
    expect(report.files[1]?.message).toBe('file not found (run `forge data pull hover`)');
  });
});

describe('loadHoverRecords', () => {
  it('reads the hub JSONL shape (key/value facts, integer label) like the official one', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-hover-load-'));
    const file = join(directory, 'train.jsonl');
    const row = {
      id: 0,
      uid: 'u1',
      claim: 'c',
      supporting_facts: [
        { key: 'A', value: 0 },
        { key: 'B', value: 2 },
        { key: 'A', value: 1 },
      ],
      label: 0,
      num_hops: 2,
      hpqa_id: 'h',
    };
    writeFileSync(file, `${JSON.stringify(row)}\n`);
    expect(await loadHoverRecords(file)).toEqual([
      { uid: 'u1', claim: 'c', titles: ['A', 'B'], label: 'NOT_SUPPORTED', hops: 2, hpqaId: 'h' },
    ]);
    writeFileSync(file, `${JSON.stringify({ ...row, label: 2 })}\n`);
    const error = await loadHoverRecords(file).catch((caught: unknown) => caught);
    expect(DatasetError.isInstance(error) && error.field).toBe('label');
  });
});
