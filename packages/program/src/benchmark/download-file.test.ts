import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMirror, downloadFile } from './download-file.js';

const body = 'x'.repeat(300_000);
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/data/file.jsonl') response.writeHead(200).end(body);
    else response.writeHead(404, 'Not Found').end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('downloadFile', () => {
  it('streams the file to its destination through a mirror and reports its hash', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-download-'));
    const destination = join(directory, 'nested', 'file.jsonl');
    const result = await downloadFile({
      url: 'https://example.org/data/file.jsonl',
      mirror: base,
      destination,
    });
    expect(readFileSync(destination, 'utf8')).toBe(body);
    expect(result).toEqual({
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
  });

  it('fails on HTTP errors and checksum mismatches, leaving no file behind', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-download-'));
    const missing = await downloadFile({
      url: `${base}/nowhere`,
      destination: join(directory, 'a'),
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(missing) && missing.statusCode).toBe(404);
    const mismatch = await downloadFile({
      url: `${base}/data/file.jsonl`,
      destination: join(directory, 'b'),
      sha256: 'ab'.repeat(32),
    }).catch((error: unknown) => error);
    expect((mismatch as Error).message).toContain('does not match');
    expect(existsSync(join(directory, 'a')) || existsSync(join(directory, 'b'))).toBe(false);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('keeps the path and query when applying a mirror', () => {
    expect(applyMirror('https://huggingface.co/api/rows?x=1', 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/api/rows?x=1',
    );
    expect(applyMirror('https://a.b/c', undefined)).toBe('https://a.b/c');
  });
});
