import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from '@forge/provider';
import { type PathServer, startPathServer } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { hubRowsResponder } from '../../testing/hub-rows-responder.js';
import { downloadHubRows } from './download-hub-rows.js';

const source = { dataset: 'owner/set', config: 'default', split: 'train' };
const rows = Array.from({ length: 7 }, (_, index) => ({ id: index, text: `row ${index}` }));
let server: PathServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('downloadHubRows', () => {
  it('pages through the split in order and writes JSONL', async () => {
    server = await startPathServer(hubRowsResponder({ 'owner/set/train': rows }));
    const directory = mkdtempSync(join(tmpdir(), 'forge-hub-'));
    const destination = join(directory, 'set.jsonl');
    const progress: string[] = [];
    const result = await downloadHubRows({
      source,
      destination,
      mirror: server.url,
      pageSize: 3,
      onProgress: (message) => progress.push(message),
    });
    expect(result).toEqual({ rows: 7 });
    expect(server.requests).toEqual([
      '/rows?dataset=owner%2Fset&config=default&split=train&offset=0&length=3',
      '/rows?dataset=owner%2Fset&config=default&split=train&offset=3&length=3',
      '/rows?dataset=owner%2Fset&config=default&split=train&offset=6&length=3',
    ]);
    const lines = readFileSync(destination, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(rows);
    expect(progress.at(-1)).toBe('owner/set train: 7/7 rows');
  });

  it('fails on an HTTP error and leaves no file, not even a partial one', async () => {
    let calls = 0;
    server = await startPathServer((url) => {
      calls++;
      if (calls === 2) return { status: 503, body: 'busy' };
      return hubRowsResponder({ 'owner/set/train': rows })(url);
    });
    const directory = mkdtempSync(join(tmpdir(), 'forge-hub-'));
    const destination = join(directory, 'set.jsonl');
    const failure = downloadHubRows({ source, destination, mirror: server.url, pageSize: 3 });
    await expect(failure).rejects.toSatisfy(
      (error) => APICallError.isInstance(error) && error.statusCode === 503,
    );
    expect(existsSync(destination)).toBe(false);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('rejects pages that skip rows or have the wrong shape', async () => {
    server = await startPathServer(() => ({
      body: JSON.stringify({ rows: [{ row_idx: 1, row: {} }], num_rows_total: 2 }),
    }));
    const destination = join(mkdtempSync(join(tmpdir(), 'forge-hub-')), 'set.jsonl');
    await expect(downloadHubRows({ source, destination, mirror: server.url })).rejects.toThrow(
      'expected row 0, got row 1',
    );
    await server.close();
    server = await startPathServer(() => ({ body: '{"rows": "none"}' }));
    await expect(downloadHubRows({ source, destination, mirror: server.url })).rejects.toThrow(
      'unexpected response shape',
    );
    expect(existsSync(destination)).toBe(false);
  });
});
