import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetrievalError } from '../retrieval-error.js';
import { makeTar } from './__fixtures__/make-tar.js';
import { countWikiAbstracts } from './check-wiki-abstracts.js';
import { pullWikiAbstracts, wikiAbstractsFile } from './pull-wiki-abstracts.js';

const lines = [
  { title: 'Alan Turing', text: ['Alan Turing was a mathematician.'] },
  {
    title: 'Enigma machine',
    text: ['The Enigma machine is a cipher device.', 'It was used in WWII.'],
  },
].map((record) => JSON.stringify(record));

let served: { status: number; body: Buffer } = { status: 404, body: Buffer.alloc(0) };
const paths: string[] = [];
let server: Server;
let mirror: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(served.status);
    response.end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('pullWikiAbstracts', () => {
  it('downloads the archive, extracts the corpus and counts its passages', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-pull-wiki-'));
    const archive = makeTar([
      { name: `wiki.abstracts.2017/${wikiAbstractsFile}`, content: `${lines.join('\n')}\n` },
    ]);
    served = { status: 200, body: gzipSync(archive) };
    paths.length = 0;
    const report = await pullWikiAbstracts({ dataDir, mirror });
    expect(paths).toEqual(['/dspy/cache/resolve/main/wiki.abstracts.2017.tar.gz']);
    expect(report).toMatchObject({
      ok: true,
      files: [{ path: wikiAbstractsFile, records: 2, ok: true }],
    });
    expect(readFileSync(join(dataDir, wikiAbstractsFile), 'utf8')).toBe(`${lines.join('\n')}\n`);
    expect(await countWikiAbstracts(dataDir)).toEqual(report);
  });

  it('leaves no file behind when the download fails or the archive lacks the corpus', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-pull-wiki-'));
    served = { status: 404, body: Buffer.from('gone') };
    const notFound = await pullWikiAbstracts({ dataDir, mirror }).catch((error: unknown) => error);
    expect(RetrievalError.isInstance(notFound) && notFound.statusCode).toBe(404);
    served = { status: 200, body: gzipSync(makeTar([{ name: 'other.txt', content: 'x' }])) };
    await expect(pullWikiAbstracts({ dataDir, mirror })).rejects.toThrow(
      /holds no wiki.abstracts.2017.jsonl/,
    );
    served = { status: 200, body: Buffer.from('not gzip at all') };
    await expect(pullWikiAbstracts({ dataDir, mirror })).rejects.toThrow(/download/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('reports a missing or malformed corpus on check', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-check-wiki-'));
    const missing = await countWikiAbstracts(dataDir);
    expect(missing.ok).toBe(false);
    expect(missing.files[0]?.message).toContain('file not found');
    expect(existsSync(join(dataDir, wikiAbstractsFile))).toBe(false);
  });
});
