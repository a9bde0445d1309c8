import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBm25Index } from './bm25/build-bm25-index.js';
import { resolveRetriever } from './resolve-retriever.js';
import { RetrievalError } from './retrieval-error.js';
import type { Retriever } from './retriever.js';

describe('resolveRetriever', () => {
  it('prefers an injected retriever, then colbertUrl, then bm25IndexDir', () => {
    const injected: Retriever = { name: 'mine', search: async () => [] };
    expect(resolveRetriever({ retriever: injected, colbertUrl: 'http://127.0.0.1:1/' }, 'X')).toBe(
      injected,
    );
    expect(
      resolveRetriever({ colbertUrl: 'http://127.0.0.1:1/', bm25IndexDir: '/x' }, 'X').name,
    ).toBe('colbertv2');
    expect(resolveRetriever({ bm25IndexDir: '/x' }, 'X').name).toBe('bm25');
  });

  it('opens a BM25 index lazily, on the first search', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'forge-resolve-')), 'index');
    const retriever = resolveRetriever({ bm25IndexDir: directory }, 'HoVer');
    const missing = await retriever.search('x', 1).catch((error: unknown) => error);
    expect(RetrievalError.isInstance(missing) && missing.reason).toBe('index-missing');
    await buildBm25Index({ passages: ['Kept | hello world'], directory });
    expect(await retriever.search('hello', 1)).toEqual(['Kept | hello world']);
  });

  it('without settings, every search explains how to configure one', async () => {
    const error = await resolveRetriever(undefined, 'HotPotQA')
      .search('x', 1)
      .catch((caught: unknown) => caught);
    expect(RetrievalError.isInstance(error) && error.reason).toBe('not-configured');
    expect((error as Error).message).toMatch(
      /HotPotQA: .*settings\.colbertUrl.*settings\.bm25IndexDir/,
    );
  });

  it('names a setting of the wrong type', () => {
    expect(() => resolveRetriever({ bm25IndexDir: 3 }, 'HoVer')).toThrow(
      'HoVer: settings.bm25IndexDir must be a directory path',
    );
    expect(() => resolveRetriever({ retriever: {} }, 'HoVer')).toThrow(/settings.retriever/);
    expect(() =>
      resolveRetriever({ colbertUrl: 'http://h/', colbertTimeoutMs: -1 }, 'HoVer'),
    ).toThrow(/colbertTimeoutMs/);
  });
});
