import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { RetrievalError } from '../retrieval-error.js';
import type { Retriever, SearchOptions } from '../retriever.js';
import { tokenizeForBm25 } from '../tokenize/bm25-tokenizer.js';
import {
  type Bm25Manifest,
  bm25IndexFiles,
  readBm25Manifest,
  readIndexFile,
  viewAs,
} from './bm25-index-files.js';
import { TermDictionary } from './term-dictionary.js';
import { selectTopK } from './top-k.js';
import { VarintReader } from './varint.js';

/** One scored search result. */
export interface Bm25Hit {
  /** 0-based position of the passage in the corpus. */
  readonly index: number;
  /** BM25 score (Lucene variant, as bm25s computes it). */
  readonly score: number;
  /** The passage, `"Title | text"`. */
  readonly passage: string;
}

/** A BM25 index opened for searching. Close it to release the passages file. */
export interface Bm25Retriever extends Retriever {
  /** What the index holds and how it was built. */
  readonly manifest: Bm25Manifest;
  /** Like `search`, with positions and scores. */
  searchWithScores(query: string, k: number, options?: SearchOptions): Promise<Bm25Hit[]>;
  /** Releases the passages file handle. */
  close(): Promise<void>;
}

/**
 * Opens a BM25 index built by `buildBm25Index`. The dictionary, postings and lengths are loaded
 * into memory as typed arrays (a few hundred MB for the full wiki-abstracts corpus); passage
 * text stays on disk and only the top-k passages of a query are read.
 *
 * Scoring is bm25s's default Lucene variant: Σ over query terms (repeats count) of
 * ln(1 + (N − df + 0.5)/(df + 0.5)) · tf / (tf + k1·(1 − b + b·|d|/avgdl)). Equal scores rank
 * by corpus position, so results are deterministic.
 */
export async function openBm25Index(directory: string): Promise<Bm25Retriever> {
  const manifest = await readBm25Manifest(directory);
  const files = bm25IndexFiles;
  const termCount = manifest.termCount;
  const documentCount = manifest.documentCount;
  const [
    terms,
    termOffsetBytes,
    slotBytes,
    startBytes,
    frequencyBytes,
    postings,
    lengthBytes,
    offsetBytes,
  ] = await Promise.all([
    readIndexFile(directory, files.terms),
    readIndexFile(directory, files.termOffsets),
    readIndexFile(directory, files.termSlots),
    readIndexFile(directory, files.postingOffsets),
    readIndexFile(directory, files.documentFrequencies),
    readIndexFile(directory, files.postings),
    readIndexFile(directory, files.documentLengths),
    readIndexFile(directory, files.passageOffsets),
  ]);
  const termOffsets = viewAs(Uint32Array, termOffsetBytes, termCount + 1, files.termOffsets);
  const slots = viewAs(Uint32Array, slotBytes, manifest.termSlotCount, files.termSlots);
  const postingStart = viewAs(Float64Array, startBytes, termCount + 1, files.postingOffsets);
  const frequencies = viewAs(Uint32Array, frequencyBytes, termCount, files.documentFrequencies);
  const lengths = viewAs(Uint32Array, lengthBytes, documentCount, files.documentLengths);
  const passageOffsets = viewAs(Float64Array, offsetBytes, documentCount + 1, files.passageOffsets);
  if (postingStart[termCount] !== postings.length || termOffsets[termCount] !== terms.length) {
    throw new RetrievalError({
      reason: 'index-corrupt',
      message: `BM25 index ${directory}: ${files.postings} or ${files.terms} does not match its offsets (rebuild the index)`,
    });
  }
  const dictionary = new TermDictionary(terms, termOffsets, slots);
  const passagesFile = join(directory, files.passages);
  let handle: FileHandle;
  try {
    handle = await open(passagesFile, 'r');
  } catch (error) {
    throw new RetrievalError({
      reason: 'index-missing',
      message: `BM25 index ${directory} is incomplete: ${passagesFile} cannot be opened`,
      cause: error,
    });
  }

  const { k1, b, averageDocumentLength } = manifest;
  const scores = new Float64Array(documentCount);
  let touched = new Uint32Array(1024);

  function score(query: string): { documents: Uint32Array; count: number } {
    const weights = new Map<number, number>();
    for (const term of tokenizeForBm25(query)) {
      const id = dictionary.find(term);
      if (id >= 0) weights.set(id, (weights.get(id) ?? 0) + 1);
    }
    let count = 0;
    for (const [term, weight] of weights) {
      const documentFrequency = frequencies[term] as number;
      const idf = Math.log(
        1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5),
      );
      const reader = new VarintReader(postings, postingStart[term] as number);
      const end = postingStart[term + 1] as number;
      let document = -1;
      while (reader.position < end) {
        document += reader.next();
        const frequency = reader.next();
        const normaliser =
          k1 * (1 - b + (b * (lengths[document] as number)) / (averageDocumentLength || 1));
        // Every contribution is positive, so a zero score marks a passage not yet touched.
        if (scores[document] === 0) {
          if (count === touched.length) {
            const larger = new Uint32Array(touched.length * 2);
            larger.set(touched);
            touched = larger;
          }
          touched[count++] = document;
        }
        scores[document] =
          (scores[document] as number) + (weight * idf * frequency) / (frequency + normaliser);
      }
    }
    return { documents: touched, count };
  }

  async function readPassage(index: number): Promise<string> {
    const start = passageOffsets[index] as number;
    const length = (passageOffsets[index + 1] as number) - start;
    const buffer = Buffer.allocUnsafe(length);
    await handle.read(buffer, 0, length, start);
    return buffer.toString('utf8');
  }

  async function searchWithScores(
    query: string,
    k: number,
    options: SearchOptions = {},
  ): Promise<Bm25Hit[]> {
    if (options.abortSignal?.aborted) {
      throw new RetrievalError({ reason: 'aborted', message: 'BM25 search was cancelled' });
    }
    if (!Number.isInteger(k) || k < 1) {
      throw new RangeError(`search: k must be a positive integer, got ${k}`);
    }
    // Scoring is synchronous, so the shared score array is never seen half-filled.
    const { documents, count } = score(query);
    const best = selectTopK(documents, count, scores, k);
    for (let index = 0; index < count; index++) scores[documents[index] as number] = 0;
    return Promise.all(
      best.map(async ({ index, score: value }) => ({
        index,
        score: value,
        passage: await readPassage(index),
      })),
    );
  }

  return {
    name: 'bm25',
    manifest,
    searchWithScores,
    async search(query, k, options) {
      return (await searchWithScores(query, k, options)).map((hit) => hit.passage);
    },
    async close() {
      await handle.close();
    },
  };
}
