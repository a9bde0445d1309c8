import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError, InvalidArgumentError } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullModelFile } from './pull-model-file.js';
import { tinyLlamaGguf } from './testing/index.js';

// A loopback server speaking plain HTTP as a file host does: the model, a redirect to it, ranges,
// a 404, and a body cut off half-way (once).
const model = Buffer.from(tinyLlamaGguf({ seed: 5 }));
const requests: { path: string; range: string | undefined }[] = [];
let cutOnce = true;
let server: Server;
let base: string;
const root = mkdtempSync(join(tmpdir(), 'forge-pull-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, range: request.headers.range });
    if (path === '/user/repo/resolve/main/tiny.gguf' || path === '/files/cut.gguf') {
      const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const body = model.subarray(start);
      if (path === '/files/cut.gguf' && cutOnce) {
        cutOnce = false;
        response.writeHead(200, { 'content-length': String(model.length) });
        response.write(model.subarray(0, 200_000));
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.writeHead(range ? 206 : 200, { 'content-length': String(body.length) });
      response.end(body);
      return;
    }
    if (path === '/user/repo/resolve/main/moved.gguf') {
      // As a file host sends downloads to its storage.
      response.writeHead(302, { location: '/user/repo/resolve/main/tiny.gguf' });
      response.end();
      return;
    }
    if (path === '/files/notes.gguf') {
      response.writeHead(200);
      response.end('not a model');
      return;
    }
    response.writeHead(404);
    response.end('Entry not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('pullModelFile', () => {
  it('downloads an hf: file into the models folder, and does not fetch it twice', async () => {
    const directory = join(root, 'hf');
    const progress: number[] = [];
    const result = await pullModelFile({
      url: 'hf:user/repo/tiny.gguf',
      directory,
      huggingFaceEndpoint: base,
      onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
    });
    expect(result).toEqual({
      path: join(directory, 'tiny.gguf'),
      bytes: model.length,
      outcome: 'downloaded',
    });
    expect(readFileSync(result.path).equals(model)).toBe(true);
    expect(progress.at(-1)).toBe(model.length);
    expect(readdirSync(directory)).toEqual(['tiny.gguf']);
    const again = await pullModelFile({
      url: 'hf:user/repo/tiny.gguf',
      directory,
      huggingFaceEndpoint: base,
    });
    expect(again.outcome).toBe('present');
  });

  it('follows a redirect from a file page URL to its download', async () => {
    const before = requests.length;
    const result = await pullModelFile({
      url: `${base}/user/repo/blob/main/moved.gguf`,
      directory: join(root, 'redirect'),
    });
    expect(readFileSync(result.path).equals(model)).toBe(true);
    // The /blob/ page URL is asked for at /resolve/, which the server redirects.
    expect(requests.slice(before).map((request) => request.path)).toEqual([
      '/user/repo/resolve/main/moved.gguf',
      '/user/repo/resolve/main/tiny.gguf',
    ]);
    expect(result.path).toBe(join(root, 'redirect', 'moved.gguf'));
  });

  it('says a missing file is missing, leaving nothing behind', async () => {
    const directory = join(root, 'missing');
    const error = await caught(pullModelFile({ url: `${base}/files/none.gguf`, directory }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `could not download ${base}/files/none.gguf: HTTP 404 (no such file: check the repository and file name)`,
    );
    expect(readdirSync(directory)).toEqual([]);
  });

  it('keeps a download that broke off and resumes it with a range request', async () => {
    const directory = join(root, 'resume');
    const error = await caught(pullModelFile({ url: `${base}/files/cut.gguf`, directory }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/broke off after \d+ bytes .*pull again to resume it/);
    expect(existsSync(join(directory, 'cut.gguf'))).toBe(false);
    const kept = readFileSync(join(directory, 'cut.gguf.partial')).length;
    expect(kept).toBeGreaterThan(0);
    const result = await pullModelFile({ url: `${base}/files/cut.gguf`, directory });
    expect(result.outcome).toBe('resumed');
    expect(requests.at(-1)?.range).toBe(`bytes=${kept}-`);
    expect(readFileSync(result.path).equals(model)).toBe(true);
    expect(readdirSync(directory)).toEqual(['cut.gguf']);
  });

  it('refuses what is not a GGUF model, a URL of another kind, and a link in its place', async () => {
    const directory = join(root, 'refused');
    const notes = await caught(pullModelFile({ url: `${base}/files/notes.gguf`, directory }));
    expect((notes as Error).message).toContain('is not a usable GGUF model');
    expect(readdirSync(directory)).toEqual([]);
    const page = await caught(pullModelFile({ url: `${base}/readme.md`, directory }));
    expect((page as Error).message).toBe(`${base}/readme.md: expected the URL of a .gguf file`);
    writeFileSync(join(root, 'elsewhere'), 'x');
    symlinkSync(join(root, 'elsewhere'), join(directory, 'tiny.gguf.partial'));
    const link = await caught(
      pullModelFile({ url: `${base}/user/repo/resolve/main/tiny.gguf`, directory }),
    );
    expect((link as Error).message).toContain('is a symbolic link');
    expect(readFileSync(join(root, 'elsewhere'), 'utf8')).toBe('x');
  });
});
