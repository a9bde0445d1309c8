import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { splitBm25Tokens } from '../tokenize/bm25-tokenizer.js';
import { stemEnglish } from '../tokenize/english-stemmer.js';
import {
  type Bm25Manifest,
  bm25IndexFiles,
  bm25IndexFormatVersion,
  bm25TokenizerDescription,
} from './bm25-index-files.js';
import { BufferedFileWriter } from './buffered-file-writer.js';
import { GrowableArray } from './growable-array.js';
import { TermDictionary } from './term-dictionary.js';
import { VarintReader, varintSize, writeVarint } from './varint.js';

/** Options of `buildBm25Index`. */
export interface BuildBm25IndexOptions {
  /** The passages, `"Title | text"`, in corpus order; read exactly once. */
  readonly passages: AsyncIterable<string> | Iterable<string>;
  /** Directory to write the index into; replaced atomically when the build succeeds. */
  readonly directory: string;
  /** BM25 k1. Default 0.9, the GEPA artifact's setting. */
  readonly k1?: number;
  /** BM25 b. Default 0.4, the GEPA artifact's setting. */
  readonly b?: number;
  /** Called every `progressEvery` passages with the count so far. */
  readonly onProgress?: (passages: number) => void;
  /** Passages between progress calls. Default 100 000. */
  readonly progressEvery?: number;
  /** Clock for the build time in the manifest (tests inject one). */
  readonly now?: () => number;
}

/**
 * Builds a BM25 index over a passage stream and persists it under `directory`.
 *
 * Memory stays proportional to the index, not the corpus: pass 1 streams the passages to
 * `passages.bin`, assigns term ids and writes each passage's (term, frequency) list to a
 * scratch file while counting document frequencies and the exact postings size per term;
 * pass 2 re-reads the scratch file and writes every posting straight into one pre-sized byte
 * array. Raw tokens are stemmed once each (memoised).
 */
export async function buildBm25Index(options: BuildBm25IndexOptions): Promise<Bm25Manifest> {
  const k1 = options.k1 ?? 0.9;
  const b = options.b ?? 0.4;
  if (!(k1 > 0) || !(b >= 0 && b <= 1)) {
    throw new InvalidArgumentError({
      argument: 'k1/b',
      message: `buildBm25Index: need k1 > 0 and 0 ≤ b ≤ 1, got k1=${k1}, b=${b}`,
    });
  }
  const now = options.now ?? Date.now;
  const started = now();
  const staging = `${options.directory}.building-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const first = await readPassages(options, staging);
    const manifest = await writeIndex(first, staging, { k1, b });
    const complete: Bm25Manifest = {
      ...manifest,
      builtAt: new Date(now()).toISOString(),
      buildSeconds: (now() - started) / 1000,
    };
    await writeFile(
      join(staging, bm25IndexFiles.manifest),
      `${JSON.stringify(complete, null, 2)}\n`,
    );
    await rm(options.directory, { recursive: true, force: true });
    await rename(staging, options.directory);
    return complete;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

interface FirstPass {
  readonly documentCount: number;
  readonly totalLength: number;
  readonly terms: string[];
  readonly documentFrequencies: Uint32Array;
  readonly postingBytes: Float64Array;
  readonly documentLengths: Uint32Array;
  readonly scratchFile: string;
}

const scratchName = 'document-terms.scratch';

async function readPassages(options: BuildBm25IndexOptions, staging: string): Promise<FirstPass> {
  const passageWriter = new BufferedFileWriter(join(staging, bm25IndexFiles.passages));
  const scratchFile = join(staging, scratchName);
  const scratchWriter = new BufferedFileWriter(scratchFile);
  const passageOffsets = new GrowableArray(Float64Array);
  const documentLengths = new GrowableArray(Uint32Array);
  const documentFrequencies = new GrowableArray(Uint32Array);
  const postingBytes = new GrowableArray(Float64Array);
  const lastDocument = new GrowableArray(Int32Array);
  const termIdOfStem = new Map<string, number>();
  const termIdOfToken = new Map<string, number>();
  const terms: string[] = [];
  let documentTerms = new Uint32Array(1024);
  let record = new Uint8Array(4096);
  let documentCount = 0;
  let totalLength = 0;
  const progressEvery = options.progressEvery ?? 100_000;

  const termIdOf = (token: string): number => {
    const known = termIdOfToken.get(token);
    if (known !== undefined) return known;
    const stem = stemEnglish(token);
    let id = termIdOfStem.get(stem);
    if (id === undefined) {
      id = terms.length;
      terms.push(stem);
      termIdOfStem.set(stem, id);
      documentFrequencies.ensureLength(id + 1);
      postingBytes.ensureLength(id + 1);
      lastDocument.ensureLength(id + 1);
      lastDocument.data[id] = -1;
    }
    termIdOfToken.set(token, id);
    return id;
  };

  try {
    for await (const passage of options.passages) {
      if (typeof passage !== 'string') {
        throw new InvalidArgumentError({
          argument: 'passages',
          message: `buildBm25Index: passage ${documentCount + 1} is ${typeof passage}, expected a string`,
        });
      }
      passageOffsets.push(passageWriter.position);
      passageWriter.writeString(passage);
      const tokens = splitBm25Tokens(passage);
      if (tokens.length > documentTerms.length) documentTerms = new Uint32Array(tokens.length * 2);
      for (let index = 0; index < tokens.length; index++) {
        documentTerms[index] = termIdOf(tokens[index] as string);
      }
      const sorted = documentTerms.subarray(0, tokens.length).sort();
      documentLengths.push(tokens.length);
      totalLength += tokens.length;

      // Scratch record: byte length, distinct-term count, then (term gap, frequency) pairs.
      const needed = 10 + tokens.length * 10;
      if (record.length < needed) record = new Uint8Array(needed * 2);
      let cursor = 4;
      let distinct = 0;
      for (let index = 0; index < sorted.length; index++) {
        if (index > 0 && sorted[index] === sorted[index - 1]) continue;
        distinct++;
      }
      cursor = writeVarint(record, cursor, distinct);
      let previousTerm = 0;
      let index = 0;
      while (index < sorted.length) {
        const term = sorted[index] as number;
        let frequency = 0;
        while (index < sorted.length && sorted[index] === term) {
          frequency++;
          index++;
        }
        cursor = writeVarint(record, cursor, term - previousTerm);
        cursor = writeVarint(record, cursor, frequency);
        previousTerm = term;
        documentFrequencies.data[term] = (documentFrequencies.data[term] as number) + 1;
        const gap = documentCount - (lastDocument.data[term] as number);
        postingBytes.data[term] =
          (postingBytes.data[term] as number) + varintSize(gap) + varintSize(frequency);
        lastDocument.data[term] = documentCount;
      }
      new DataView(record.buffer).setUint32(0, cursor - 4, true);
      scratchWriter.write(record.subarray(0, cursor));
      documentCount++;
      if (options.onProgress && documentCount % progressEvery === 0) {
        options.onProgress(documentCount);
      }
    }
    passageOffsets.push(passageWriter.position);
  } finally {
    passageWriter.close();
    scratchWriter.close();
  }
  await writeFile(join(staging, bm25IndexFiles.passageOffsets), passageOffsets.view());
  return {
    documentCount,
    totalLength,
    terms,
    documentFrequencies: documentFrequencies.view(),
    postingBytes: postingBytes.view(),
    documentLengths: documentLengths.view(),
    scratchFile,
  };
}

async function writeIndex(
  first: FirstPass,
  staging: string,
  parameters: { k1: number; b: number },
): Promise<Omit<Bm25Manifest, 'builtAt' | 'buildSeconds'>> {
  const termCount = first.terms.length;
  // Postings are laid out in term-id order, so each term's range is [start[id], start[id + 1]).
  const postingStart = new Float64Array(termCount + 1);
  for (let term = 0; term < termCount; term++) {
    postingStart[term + 1] = (postingStart[term] as number) + (first.postingBytes[term] as number);
  }
  const postings = Buffer.allocUnsafe(postingStart[termCount] as number);
  const cursor = postingStart.slice(0, termCount);
  const lastDocument = new Int32Array(termCount).fill(-1);
  let postingCount = 0;

  forEachScratchRecord(first.scratchFile, (document, reader, end) => {
    const distinct = reader.next();
    let term = 0;
    for (let index = 0; index < distinct && reader.position <= end; index++) {
      term += reader.next();
      const frequency = reader.next();
      const gap = document - (lastDocument[term] as number);
      cursor[term] = writeVarint(postings, cursor[term] as number, gap);
      cursor[term] = writeVarint(postings, cursor[term] as number, frequency);
      lastDocument[term] = document;
      postingCount++;
    }
  });
  await rm(first.scratchFile, { force: true });

  const termBytes = first.terms.reduce((sum, term) => sum + Buffer.byteLength(term, 'utf8'), 0);
  const termBlob = Buffer.allocUnsafe(termBytes);
  const termOffsets = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term++) {
    const start = termOffsets[term] as number;
    termOffsets[term + 1] = start + termBlob.write(first.terms[term] as string, start, 'utf8');
  }
  const termSlots = TermDictionary.buildSlots(termBlob, termOffsets);
  await writeFile(join(staging, bm25IndexFiles.terms), termBlob);
  await writeFile(join(staging, bm25IndexFiles.termOffsets), termOffsets);
  await writeFile(join(staging, bm25IndexFiles.termSlots), termSlots);
  await writeFile(join(staging, bm25IndexFiles.postingOffsets), postingStart);
  await writeFile(join(staging, bm25IndexFiles.documentFrequencies), first.documentFrequencies);
  await writeFile(join(staging, bm25IndexFiles.postings), postings);
  await writeFile(join(staging, bm25IndexFiles.documentLengths), first.documentLengths);

  return {
    formatVersion: bm25IndexFormatVersion,
    documentCount: first.documentCount,
    termCount,
    termSlotCount: termSlots.length,
    postingCount,
    averageDocumentLength: first.documentCount === 0 ? 0 : first.totalLength / first.documentCount,
    k1: parameters.k1,
    b: parameters.b,
    tokenizer: bm25TokenizerDescription,
    endianness: endianness(),
  };
}

/** Streams the scratch file record by record (records are length-prefixed). */
function forEachScratchRecord(
  file: string,
  visit: (document: number, reader: VarintReader, end: number) => void,
): void {
  const descriptor = openSync(file, 'r');
  try {
    let buffer = Buffer.allocUnsafe(16 * 1024 * 1024);
    let filled = 0;
    let document = 0;
    for (;;) {
      if (filled === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const read = readSync(descriptor, buffer, filled, buffer.length - filled, null);
      filled += read;
      let offset = 0;
      while (filled - offset >= 4) {
        const length = buffer.readUInt32LE(offset);
        if (filled - offset - 4 < length) break;
        visit(document++, new VarintReader(buffer, offset + 4), offset + 4 + length);
        offset += 4 + length;
      }
      buffer.copy(buffer, 0, offset, filled);
      filled -= offset;
      if (read === 0) break;
    }
  } finally {
    closeSync(descriptor);
  }
}
