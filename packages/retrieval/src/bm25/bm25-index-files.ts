import { readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { RetrievalError } from '../retrieval-error.js';

/** Version of the on-disk layout; an index of another version must be rebuilt. */
export const bm25IndexFormatVersion = 1;

/** File names inside an index directory. */
export const bm25IndexFiles = {
  /** `Bm25Manifest` as JSON. */
  manifest: 'manifest.json',
  /** Terms in term-id order, UTF-8, concatenated. */
  terms: 'terms.bin',
  /** Uint32 × (terms + 1): byte offset of each term in `terms.bin`. */
  termOffsets: 'term-offsets.bin',
  /** Uint32 × `termSlotCount`: open-addressing hash table of term id + 1 (FNV-1a of the bytes). */
  termSlots: 'term-slots.bin',
  /** Float64 × (terms + 1): byte offset of each term's postings in `postings.bin`. */
  postingOffsets: 'posting-offsets.bin',
  /** Uint32 per term: number of passages containing it. */
  documentFrequencies: 'document-frequencies.bin',
  /** Varint pairs (passage gap, term frequency) per term. */
  postings: 'postings.bin',
  /** Uint32 per passage: its length in terms (stop words excluded). */
  documentLengths: 'document-lengths.bin',
  /** The passages' UTF-8 text, concatenated. */
  passages: 'passages.bin',
  /** Float64 × (passages + 1): byte offset of each passage in `passages.bin`. */
  passageOffsets: 'passage-offsets.bin',
} as const;

/** What `manifest.json` records about an index. */
export const bm25ManifestSchema = z.object({
  /** Layout version (`bm25IndexFormatVersion`). */
  formatVersion: z.literal(bm25IndexFormatVersion),
  /** Number of passages. */
  documentCount: z.number().int().nonnegative(),
  /** Number of distinct terms. */
  termCount: z.number().int().nonnegative(),
  /** Slots of the term hash table (a power of two). */
  termSlotCount: z.number().int().positive(),
  /** Number of (term, passage) postings. */
  postingCount: z.number().int().nonnegative(),
  /** Mean passage length in terms. */
  averageDocumentLength: z.number().nonnegative(),
  /** BM25 term-frequency saturation. */
  k1: z.number().positive(),
  /** BM25 length normalisation. */
  b: z.number().min(0).max(1),
  /** How text was split into terms. */
  tokenizer: z.string(),
  /** Byte order of the typed-array files. */
  endianness: z.enum(['LE', 'BE']),
  /** When the index was built (ISO 8601). */
  builtAt: z.string(),
  /** Seconds the build took. */
  buildSeconds: z.number().nonnegative(),
});

/** The manifest of a BM25 index directory. */
export type Bm25Manifest = z.infer<typeof bm25ManifestSchema>;

/** Describes the tokenizer in the manifest, so an index built differently is recognisable. */
export const bm25TokenizerDescription =
  'lowercase; (?u)\\b\\w\\w+\\b; bm25s English stop words; Snowball English 2.2.0 stems';

/** Reads and validates `manifest.json`. */
export async function readBm25Manifest(directory: string): Promise<Bm25Manifest> {
  const file = join(directory, bm25IndexFiles.manifest);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RetrievalError({
      reason: 'index-missing',
      message: `no BM25 index at ${directory} (${file} cannot be read); build one with buildBm25Index`,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RetrievalError({
      reason: 'index-corrupt',
      message: `${file}: not valid JSON`,
      cause: error,
    });
  }
  const parsed = bm25ManifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RetrievalError({
      reason: 'index-corrupt',
      message: `${file}: field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'} (rebuild the index)`,
    });
  }
  if (parsed.data.endianness !== endianness()) {
    throw new RetrievalError({
      reason: 'index-corrupt',
      message: `${file}: index was built on a ${parsed.data.endianness} machine; rebuild it here`,
    });
  }
  return parsed.data;
}

/** Reads a whole index file, failing with a `RetrievalError` naming it. */
export async function readIndexFile(directory: string, name: string): Promise<Buffer> {
  const file = join(directory, name);
  try {
    return await readFile(file);
  } catch (error) {
    throw new RetrievalError({
      reason: 'index-missing',
      message: `BM25 index ${directory} is incomplete: ${file} cannot be read`,
      cause: error,
    });
  }
}

/** Views a file's bytes as a typed array, checking its length; copies when misaligned. */
export function viewAs<T extends Uint32Array | Float64Array>(
  create: {
    new (buffer: ArrayBuffer, offset: number, length: number): T;
    BYTES_PER_ELEMENT: number;
  },
  bytes: Buffer,
  expectedLength: number,
  file: string,
): T {
  const width = create.BYTES_PER_ELEMENT;
  if (bytes.byteLength !== expectedLength * width) {
    throw new RetrievalError({
      reason: 'index-corrupt',
      message: `${file}: expected ${expectedLength * width} bytes, found ${bytes.byteLength} (rebuild the index)`,
    });
  }
  // Small files may come from Node's shared buffer pool at an odd offset: copy those.
  const aligned = bytes.byteOffset % width === 0 ? bytes : new Uint8Array(bytes);
  return new create(aligned.buffer as ArrayBuffer, aligned.byteOffset, expectedLength);
}
