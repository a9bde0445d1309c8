// GGUF version 3, as ggml's docs/gguf.md describes it: a little-endian header ("GGUF", version,
// tensor count, metadata count), the metadata key-value pairs, one info record per tensor (name,
// dimensions innermost first, ggml type, offset into the data section), zero padding to the
// alignment, then each tensor's bytes, each starting at a multiple of the alignment.

/** A metadata value with its GGUF type. */
export type GgufValue =
  | { readonly type: 'uint32'; readonly value: number }
  | { readonly type: 'int32'; readonly value: number }
  | { readonly type: 'float32'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'string-array'; readonly value: readonly string[] }
  | { readonly type: 'float32-array'; readonly value: readonly number[] }
  | { readonly type: 'int32-array'; readonly value: readonly number[] };

/** One tensor: its name, its dimensions (innermost first, as ggml counts them) and its values. */
export interface GgufTensor {
  /** Tensor name, e.g. `blk.0.attn_q.weight`. */
  readonly name: string;
  /** Dimensions, innermost (contiguous) first: a `[columns, rows]` matrix is `[n_embd, n_vocab]`. */
  readonly dimensions: readonly number[];
  /** Storage type: 32-bit or 16-bit floats. */
  readonly type: 'f32' | 'f16';
  /** The values, row after row; as many as the dimensions multiply to. */
  readonly values: Float32Array;
}

/** What `encodeGguf` writes. */
export interface GgufContents {
  /** Metadata key-value pairs, in the order they are written. */
  readonly metadata: ReadonlyArray<readonly [key: string, value: GgufValue]>;
  /** Tensors, in the order they are written. */
  readonly tensors: readonly GgufTensor[];
  /** Alignment of the data section and of each tensor in it. Default 32 (GGUF's default). */
  readonly alignment?: number;
}

const valueTypeCode = {
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
} as const;

const tensorTypeCode = { f32: 0, f16: 1 } as const;

/** Serializes metadata and tensors as a GGUF version 3 file. */
export function encodeGguf(contents: GgufContents): Uint8Array {
  const alignment = contents.alignment ?? 32;
  const head = new ByteWriter();
  head.bytes(new TextEncoder().encode('GGUF'));
  head.uint32(3);
  head.uint64(contents.tensors.length);
  head.uint64(contents.metadata.length);
  for (const [key, value] of contents.metadata) {
    head.string(key);
    writeValue(head, value);
  }
  let offset = 0;
  const placed: { tensor: GgufTensor; offset: number }[] = [];
  for (const tensor of contents.tensors) {
    const count = tensor.dimensions.reduce((product, dimension) => product * dimension, 1);
    if (count !== tensor.values.length) {
      throw new RangeError(
        `tensor ${tensor.name}: dimensions ${tensor.dimensions.join('×')} need ${count} values, got ${tensor.values.length}`,
      );
    }
    head.string(tensor.name);
    head.uint32(tensor.dimensions.length);
    for (const dimension of tensor.dimensions) head.uint64(dimension);
    head.uint32(tensorTypeCode[tensor.type]);
    head.uint64(offset);
    placed.push({ tensor, offset });
    offset = alignUp(offset + byteLength(tensor), alignment);
  }
  const dataStart = alignUp(head.length, alignment);
  const file = new Uint8Array(dataStart + offset);
  file.set(head.toBytes(), 0);
  const view = new DataView(file.buffer);
  for (const { tensor, offset: at } of placed) {
    const start = dataStart + at;
    tensor.values.forEach((value, index) => {
      if (tensor.type === 'f32') view.setFloat32(start + index * 4, value, true);
      else view.setUint16(start + index * 2, toHalf(value), true);
    });
  }
  return file;
}

function writeValue(writer: ByteWriter, value: GgufValue): void {
  switch (value.type) {
    case 'uint32':
      writer.uint32(valueTypeCode.uint32);
      writer.uint32(value.value);
      return;
    case 'int32':
      writer.uint32(valueTypeCode.int32);
      writer.int32(value.value);
      return;
    case 'float32':
      writer.uint32(valueTypeCode.float32);
      writer.float32(value.value);
      return;
    case 'bool':
      writer.uint32(valueTypeCode.bool);
      writer.bytes(Uint8Array.of(value.value ? 1 : 0));
      return;
    case 'string':
      writer.uint32(valueTypeCode.string);
      writer.string(value.value);
      return;
    case 'string-array':
      writer.uint32(valueTypeCode.array);
      writer.uint32(valueTypeCode.string);
      writer.uint64(value.value.length);
      for (const item of value.value) writer.string(item);
      return;
    case 'float32-array':
      writer.uint32(valueTypeCode.array);
      writer.uint32(valueTypeCode.float32);
      writer.uint64(value.value.length);
      for (const item of value.value) writer.float32(item);
      return;
    case 'int32-array':
      writer.uint32(valueTypeCode.array);
      writer.uint32(valueTypeCode.int32);
      writer.uint64(value.value.length);
      for (const item of value.value) writer.int32(item);
      return;
  }
}

function byteLength(tensor: GgufTensor): number {
  return tensor.values.length * (tensor.type === 'f32' ? 4 : 2);
}

function alignUp(offset: number, alignment: number): number {
  return Math.ceil(offset / alignment) * alignment;
}

// IEEE 754 half precision, rounded to nearest even; the weights written here are small, so
// subnormals are flushed to zero and overflow saturates to infinity.
function toHalf(value: number): number {
  const floats = new Float32Array([value]);
  const bits = new Uint32Array(floats.buffer)[0] ?? 0;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  let half = sign | (exponent << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1) === 1)) half += 1;
  return half;
}

/** Appends little-endian values to a growing buffer. */
class ByteWriter {
  private buffer = new Uint8Array(4096);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  uint32(value: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  int32(value: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
  }

  uint64(value: number): void {
    this.reserve(8);
    this.view.setBigUint64(this.length, BigInt(value), true);
    this.length += 8;
  }

  float32(value: number): void {
    this.reserve(4);
    this.view.setFloat32(this.length, value, true);
    this.length += 4;
  }

  string(value: string): void {
    const encoded = new TextEncoder().encode(value);
    this.uint64(encoded.length);
    this.bytes(encoded);
  }

  toBytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }
}
