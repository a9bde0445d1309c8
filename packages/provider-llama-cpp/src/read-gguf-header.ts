import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** What `readGgufHeader` learns from a file without reading its weights. */
export interface GgufHeader {
  /** GGUF version (2 or 3). */
  readonly version: number;
  /** Number of tensors. */
  readonly tensorCount: number;
  /** `general.architecture`, e.g. `llama`, `qwen2`. */
  readonly architecture: string | undefined;
  /** `general.name`, when the file has one. */
  readonly name: string | undefined;
  /** `<architecture>.context_length`: the context the model was trained on. */
  readonly trainedContextLength: number | undefined;
  /**
   * Bytes of llama.cpp's key-value cache per token of context (16-bit keys and values in every
   * layer), when the header gives the attention shape.
   */
  readonly kvBytesPerToken: number | undefined;
  /** Bytes the file must have to hold every tensor the header lists. */
  readonly requiredBytes: number;
  /** Bytes the file has. */
  readonly fileBytes: number;
}

/** Why a file is not a usable GGUF model, in words for the user. */
export class GgufHeaderProblem {
  constructor(readonly reason: string) {}
}

// ggml type → [block size in elements, bytes per block], for the types llama.cpp writes; a type
// not listed here leaves the size check out (the runtime still reads it).
const blockLayout: Readonly<Record<number, readonly [number, number]>> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  15: [256, 292], // Q8_K
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  30: [1, 2], // BF16
};

const valueSizes: Readonly<Record<number, number>> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};

/**
 * Reads a GGUF file's header, metadata and tensor list (not its weights) and checks that the
 * file is long enough for the tensors it lists, so a truncated download or a file of another
 * kind is refused with a reason before llama.cpp is asked to load it.
 */
export function readGgufHeader(path: string): GgufHeader | GgufHeaderProblem {
  const descriptor = openSync(path, 'r');
  try {
    const fileBytes = fstatSync(descriptor).size;
    const reader = new HeaderReader(descriptor, fileBytes);
    if (fileBytes < 24 || reader.text(4) !== 'GGUF') {
      return new GgufHeaderProblem('it is not a GGUF file (it does not start with "GGUF")');
    }
    const version = reader.uint32();
    if (version !== 2 && version !== 3) {
      return new GgufHeaderProblem(`GGUF version ${version} is not supported (2 or 3 is)`);
    }
    const tensorCount = reader.uint64();
    const metadataCount = reader.uint64();
    const metadata = new Map<string, unknown>();
    let alignment = 32;
    for (let index = 0; index < metadataCount; index++) {
      const key = reader.string();
      const type = reader.uint32();
      const value = reader.value(type);
      if (key === 'general.alignment' && typeof value === 'number' && value > 0) alignment = value;
      metadata.set(key, value);
    }
    let requiredData = 0;
    let sizeKnown = true;
    for (let index = 0; index < tensorCount; index++) {
      reader.string();
      const dimensions = reader.uint32();
      let elements = 1;
      for (let dimension = 0; dimension < dimensions; dimension++) elements *= reader.uint64();
      const type = reader.uint32();
      const offset = reader.uint64();
      const layout = blockLayout[type];
      if (layout === undefined) sizeKnown = false;
      else requiredData = Math.max(requiredData, offset + (elements / layout[0]) * layout[1]);
    }
    const dataStart = Math.ceil(reader.position / alignment) * alignment;
    const requiredBytes = sizeKnown ? dataStart + requiredData : reader.position;
    if (requiredBytes > fileBytes) {
      return new GgufHeaderProblem(
        `the file is truncated: its tensors need ${requiredBytes} bytes, it has ${fileBytes} (an interrupted download? fetch it again)`,
      );
    }
    const architecture = metadata.get('general.architecture');
    const name = metadata.get('general.name');
    const trained =
      typeof architecture === 'string' ? metadata.get(`${architecture}.context_length`) : undefined;
    const number = (key: string) => {
      const value =
        typeof architecture === 'string' ? metadata.get(`${architecture}.${key}`) : undefined;
      return typeof value === 'number' && value > 0 ? value : undefined;
    };
    const blocks = number('block_count');
    const embedding = number('embedding_length');
    const heads = number('attention.head_count');
    const kvHeads = number('attention.head_count_kv') ?? heads;
    const keyLength =
      number('attention.key_length') ?? (embedding && heads ? embedding / heads : undefined);
    const valueLength = number('attention.value_length') ?? keyLength;
    const kvBytesPerToken =
      blocks && kvHeads && keyLength && valueLength
        ? blocks * kvHeads * (keyLength + valueLength) * 2
        : undefined;
    return {
      version,
      kvBytesPerToken,
      tensorCount,
      architecture: typeof architecture === 'string' ? architecture : undefined,
      name: typeof name === 'string' ? name : undefined,
      trainedContextLength: typeof trained === 'number' ? trained : undefined,
      requiredBytes,
      fileBytes,
    };
  } catch (error) {
    if (error instanceof TruncatedHeader) {
      return new GgufHeaderProblem(
        'the file ends inside its header (a truncated download or not a model file)',
      );
    }
    throw error;
  } finally {
    closeSync(descriptor);
  }
}

class TruncatedHeader extends Error {}

/** Reads little-endian values from a file in chunks, refusing to read past its end. */
class HeaderReader {
  position = 0;
  private chunk = Buffer.alloc(0);
  private chunkStart = 0;

  constructor(
    private readonly descriptor: number,
    private readonly fileBytes: number,
  ) {}

  text(length: number): string {
    return this.take(length).toString('utf8');
  }

  uint32(): number {
    return this.take(4).readUInt32LE(0);
  }

  uint64(): number {
    const value = this.take(8).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TruncatedHeader();
    return Number(value);
  }

  string(): string {
    return this.text(this.uint64());
  }

  /** A metadata value: scalars and strings are returned, arrays are skipped (undefined). */
  value(type: number): unknown {
    if (type === 8) return this.string();
    if (type === 9) {
      const itemType = this.uint32();
      const count = this.uint64();
      for (let index = 0; index < count; index++) this.value(itemType);
      return undefined;
    }
    const size = valueSizes[type];
    if (size === undefined) throw new TruncatedHeader();
    const bytes = this.take(size);
    switch (type) {
      case 0:
        return bytes.readUInt8(0);
      case 1:
        return bytes.readInt8(0);
      case 2:
        return bytes.readUInt16LE(0);
      case 3:
        return bytes.readInt16LE(0);
      case 4:
        return bytes.readUInt32LE(0);
      case 5:
        return bytes.readInt32LE(0);
      case 6:
        return bytes.readFloatLE(0);
      case 7:
        return bytes.readUInt8(0) !== 0;
      case 12:
        return bytes.readDoubleLE(0);
      default:
        return Number(bytes.readBigUInt64LE(0));
    }
  }

  private take(length: number): Buffer {
    if (this.position + length > this.fileBytes) throw new TruncatedHeader();
    const offset = this.position - this.chunkStart;
    if (offset < 0 || offset + length > this.chunk.length) {
      const size = Math.max(length, 1 << 20);
      this.chunk = Buffer.alloc(Math.min(size, this.fileBytes - this.position));
      readSync(this.descriptor, this.chunk, 0, this.chunk.length, this.position);
      this.chunkStart = this.position;
    }
    const start = this.position - this.chunkStart;
    this.position += length;
    return this.chunk.subarray(start, start + length);
  }
}
