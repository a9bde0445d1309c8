import { mkdtempSync, readdirSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetrievalError } from '../retrieval-error.js';
import { bm25IndexFiles } from './bm25-index-files.js';
import { type Bm25Retriever, openBm25Index } from './bm25-retriever.js';
import { buildBm25Index } from './build-bm25-index.js';

// Term counts after stop words (hand-checked): apple 2/3, banana 8, cherry 5, Apple Inc. 6,
// Granny Smith 6; 28 terms in 5 passages, mean length 5.6.
const corpus = [
  'Apple | The apple is a fruit.',
  'Banana | A banana is a long yellow fruit. Bananas grow in bunches.',
  'Cherry | Cherries are small red fruits.',
  'Apple Inc. | Apple designs phones and computers.',
  'Granny Smith | Granny Smith is an apple cultivar.',
];

function bm25(tf: number, df: number, length: number): number {
  const idf = Math.log(1 + (5 - df + 0.5) / (df + 0.5));
  return (idf * tf) / (tf + 0.9 * (1 - 0.4 + (0.4 * length) / 5.6));
}

const root = mkdtempSync(join(tmpdir(), 'forge-bm25-'));
let index: Bm25Retriever;

beforeAll(async () => {
  await buildBm25Index({ passages: corpus, directory: join(root, 'fruit'), now: () => 0 });
  index = await openBm25Index(join(root, 'fruit'));
});
afterAll(async () => {
  await index.close();
});

describe('BM25 index over a small corpus', () => {
  it('records the corpus statistics and GEPA parameters in the manifest', () => {
    expect(index.manifest).toMatchObject({
      documentCount: 5,
      averageDocumentLength: 5.6,
      k1: 0.9,
      b: 0.4,
      formatVersion: 1,
    });
  });

  it('ranks a higher term frequency in a shorter passage first', async () => {
    // "apple": twice in 3 terms (0), twice in 6 (3), once in 6 (4).
    const hits = await index.searchWithScores('apple', 10);
    expect(hits.map((hit) => hit.index)).toEqual([0, 3, 4]);
    expect(hits[0]?.score).toBeCloseTo(bm25(2, 3, 3), 12);
    expect(hits[1]?.score).toBeCloseTo(bm25(2, 3, 6), 12);
    expect(hits[2]?.score).toBeCloseTo(bm25(1, 3, 6), 12);
    expect(hits[0]?.passage).toBe(corpus[0]);
  });

  it('matches stems: "fruits" finds fruit, and shorter passages win at equal frequency', async () => {
    expect(await index.search('fruits', 3)).toEqual([corpus[0], corpus[2], corpus[1]]);
  });

  it('sums over query terms, counting a repeated term twice', async () => {
    const [single] = await index.searchWithScores('cherry', 1);
    const [twice] = await index.searchWithScores('cherry cherry', 1);
    expect(twice?.score).toBeCloseTo(2 * (single?.score ?? 0), 12);
    const [both] = await index.searchWithScores('granny apple', 1);
    expect(both?.index).toBe(4);
    expect(both?.score).toBeCloseTo(bm25(2, 1, 6) + bm25(1, 3, 6), 12);
  });

  it('returns at most k passages, and none when no query term is indexed', async () => {
    expect(await index.search('apple', 2)).toEqual([corpus[0], corpus[3]]);
    expect(await index.search('the of and', 5)).toEqual([]);
    expect(await index.search('zeppelin', 5)).toEqual([]);
  });

  it('leaves no score behind between queries', async () => {
    const first = await index.searchWithScores('banana', 5);
    const again = await index.searchWithScores('banana', 5);
    expect(again).toEqual(first);
  });

  it('rejects a k that is not a positive integer', async () => {
    await expect(index.search('apple', 0)).rejects.toThrow(/k must be a positive integer/);
  });
});

describe('buildBm25Index', () => {
  it('breaks score ties by corpus position', async () => {
    const directory = join(root, 'ties');
    await buildBm25Index({
      passages: ['B | same words', 'A | same words', 'C | other'],
      directory,
    });
    const retriever = await openBm25Index(directory);
    expect(await retriever.search('same', 5)).toEqual(['B | same words', 'A | same words']);
    await retriever.close();
  });

  it('finds non-ASCII and astral terms', async () => {
    const directory = join(root, 'unicode');
    const passages = [
      'One | \u{1d49c}lpha',
      'Two | \uff46\uff55\uff4c\uff4c width',
      'Three | zebra',
    ];
    await buildBm25Index({ passages, directory });
    const retriever = await openBm25Index(directory);
    expect(await retriever.search('\u{1d49c}lpha', 1)).toEqual([passages[0]]);
    expect(await retriever.search('\uff46\uff55\uff4c\uff4c', 1)).toEqual([passages[1]]);
    expect(await retriever.search('zebra', 1)).toEqual([passages[2]]);
    await retriever.close();
  });

  it('streams async sources and reports progress', async () => {
    async function* generate() {
      for (let index = 0; index < 25; index++) yield `Doc ${index} | word${index % 5} common`;
    }
    const seen: number[] = [];
    const manifest = await buildBm25Index({
      passages: generate(),
      directory: join(root, 'async'),
      progressEvery: 10,
      onProgress: (count) => seen.push(count),
    });
    expect(seen).toEqual([10, 20]);
    expect(manifest.documentCount).toBe(25);
    const retriever = await openBm25Index(join(root, 'async'));
    expect(await retriever.search('word3', 10)).toHaveLength(5);
    await retriever.close();
  });

  it('keeps the previous index when a build fails, and leaves no staging directory', async () => {
    const directory = join(root, 'keep');
    await buildBm25Index({ passages: ['Old | kept passage'], directory });
    const bad = ['New | fine', 42 as unknown as string];
    await expect(buildBm25Index({ passages: bad, directory })).rejects.toThrow(
      /passage 2 is number/,
    );
    const retriever = await openBm25Index(directory);
    expect(await retriever.search('kept', 1)).toEqual(['Old | kept passage']);
    await retriever.close();
    expect(readdirSync(root).filter((name) => name.includes('.building-'))).toEqual([]);
  });

  it('rejects BM25 parameters out of range', async () => {
    await expect(
      buildBm25Index({ passages: [], directory: join(root, 'x'), b: 2 }),
    ).rejects.toThrow(/0 ≤ b ≤ 1/);
  });
});

describe('openBm25Index errors', () => {
  async function failure(directory: string): Promise<RetrievalError> {
    try {
      await openBm25Index(directory);
    } catch (error) {
      if (RetrievalError.isInstance(error)) return error;
      throw error;
    }
    throw new Error('expected a RetrievalError');
  }

  it('names a missing index directory or file', async () => {
    const missing = await failure(join(root, 'nowhere'));
    expect(missing.reason).toBe('index-missing');
    expect(missing.message).toContain('buildBm25Index');
    const directory = join(root, 'partial');
    await buildBm25Index({ passages: ['A | b c'], directory });
    unlinkSync(join(directory, bm25IndexFiles.postings));
    const partial = await failure(directory);
    expect(partial.reason).toBe('index-missing');
    expect(partial.message).toContain(bm25IndexFiles.postings);
  });

  it('detects a truncated file', async () => {
    const directory = join(root, 'truncated');
    await buildBm25Index({ passages: corpus, directory });
    truncateSync(join(directory, bm25IndexFiles.documentLengths), 4);
    const error = await failure(directory);
    expect(error.reason).toBe('index-corrupt');
    expect(error.message).toContain(bm25IndexFiles.documentLengths);
  });
});
