import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encodeGguf, type GgufTensor, type GgufValue } from './encode-gguf.js';

/** The shape of a generated model; every field has a small default. */
export interface TinyLlamaOptions {
  /** Seed of the random weights: the same seed gives the same file, byte for byte. Default 1. */
  readonly seed?: number;
  /** Width of the hidden state. Default 64. */
  readonly embeddingLength?: number;
  /** Transformer blocks. Default 2. */
  readonly blockCount?: number;
  /** Attention heads (the embedding length must divide by it). Default 4. */
  readonly headCount?: number;
  /** Key-value heads (grouped-query attention; must divide the head count). Default 2. */
  readonly headCountKv?: number;
  /** Width of the feed-forward layer. Default 128. */
  readonly feedForwardLength?: number;
  /** The context length the model says it was trained on. Default 2048. */
  readonly contextLength?: number;
  /** Storage of the matrices: `f32` (default) or `f16`. Norms are always `f32`. */
  readonly weightType?: 'f32' | 'f16';
  /** Tensors to leave out, by name: a damaged model, for testing how loading fails. */
  readonly omitTensors?: readonly string[];
  /** Model name written to `general.name`. Default `forge-tiny-llama`. */
  readonly name?: string;
}

// The vocabulary: SentencePiece ("llama") pieces. Three control tokens as llama's tokenizer
// expects them (unknown, begin, end), ChatML's two turn markers, the 256 byte pieces SentencePiece
// falls back to for text it has no piece for, the word-boundary marker and the printable ASCII
// characters, then a few longer pieces (each reachable by merging two pieces already in the
// vocabulary) so that tokenizing merges as it does in a real model.
const controlPieces = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'] as const;
const mergedPieces = [
  'tr',
  'tru',
  'true',
  'fa',
  'fal',
  'fals',
  'false',
  'nu',
  'nul',
  'null',
  '{"',
  '":',
  '",',
  '"}',
  '▁t',
  '▁th',
  '▁the',
] as const;

// Token types of llama.cpp's vocabulary (gguf-py's TokenType): normal 1, unknown 2, control 3,
// byte 6.
const normalType = 1;
const unknownType = 2;
const controlType = 3;
const byteType = 6;

// ChatML, the chat format of Qwen and many small instruction-tuned models: node-llama-cpp reads
// the template from the file and picks its chat wrapper from it, as it does for a real model.
const chatMlTemplate =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** The vocabulary of every generated model: pieces, scores and token types, by token id. */
export function tinyLlamaVocabulary(): {
  readonly pieces: readonly string[];
  readonly scores: readonly number[];
  readonly types: readonly number[];
} {
  const pieces: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (piece: string, score: number, type: number) => {
    pieces.push(piece);
    scores.push(score);
    types.push(type);
  };
  for (const piece of controlPieces) add(piece, 0, piece === '<unk>' ? unknownType : controlType);
  for (let byte = 0; byte < 256; byte++) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, 0, byteType);
  }
  add('▁', -1, normalType);
  for (let code = 0x21; code <= 0x7e; code++) add(String.fromCharCode(code), -2, normalType);
  // Longer pieces score higher, so the tokenizer prefers them over their parts.
  for (const piece of mergedPieces) add(piece, piece.length - 1, normalType);
  return { pieces, scores, types };
}

/**
 * A tiny llama-architecture model as GGUF bytes: SentencePiece vocabulary of 373 pieces with a
 * ChatML chat template, a few transformer blocks of small width, random weights drawn from
 * `seed` (so the same options give the same bytes). About 0.5 MB with the defaults. Its answers
 * are noise; it exists so that loading, tokenizing, grammar-constrained sampling, usage and
 * cancellation can be tested on the real runtime without downloading a model.
 */
export function tinyLlamaGguf(options: TinyLlamaOptions = {}): Uint8Array {
  const embedding = options.embeddingLength ?? 64;
  const blocks = options.blockCount ?? 2;
  const heads = options.headCount ?? 4;
  const kvHeads = options.headCountKv ?? 2;
  const feedForward = options.feedForwardLength ?? 128;
  const weightType = options.weightType ?? 'f32';
  if (embedding % heads !== 0 || heads % kvHeads !== 0) {
    throw new RangeError(
      `tinyLlamaGguf: the embedding length (${embedding}) must divide by the head count (${heads}), and the head count by the key-value head count (${kvHeads})`,
    );
  }
  const headDimension = embedding / heads;
  const kvWidth = headDimension * kvHeads;
  const vocabulary = tinyLlamaVocabulary();
  const vocabularySize = vocabulary.pieces.length;
  const random = seededRandom(options.seed ?? 1);

  const matrix = (name: string, columns: number, rows: number): GgufTensor => ({
    name,
    dimensions: [columns, rows],
    type: weightType,
    // Scaled like a real initialisation (variance 1/fan-in), so activations stay finite.
    values: Float32Array.from(
      { length: columns * rows },
      () => random.normal() / Math.sqrt(columns),
    ),
  });
  const norm = (name: string): GgufTensor => ({
    name,
    dimensions: [embedding],
    type: 'f32',
    values: new Float32Array(embedding).fill(1),
  });

  const tensors: GgufTensor[] = [
    matrix('token_embd.weight', embedding, vocabularySize),
    norm('output_norm.weight'),
    matrix('output.weight', embedding, vocabularySize),
  ];
  for (let block = 0; block < blocks; block++) {
    const prefix = `blk.${block}`;
    tensors.push(
      norm(`${prefix}.attn_norm.weight`),
      matrix(`${prefix}.attn_q.weight`, embedding, embedding),
      matrix(`${prefix}.attn_k.weight`, embedding, kvWidth),
      matrix(`${prefix}.attn_v.weight`, embedding, kvWidth),
      matrix(`${prefix}.attn_output.weight`, embedding, embedding),
      norm(`${prefix}.ffn_norm.weight`),
      matrix(`${prefix}.ffn_gate.weight`, embedding, feedForward),
      matrix(`${prefix}.ffn_up.weight`, embedding, feedForward),
      matrix(`${prefix}.ffn_down.weight`, feedForward, embedding),
    );
  }

  const metadata: [string, GgufValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: options.name ?? 'forge-tiny-llama' }],
    ['general.alignment', { type: 'uint32', value: 32 }],
    // llama.cpp's file types: 0 all f32, 1 mostly f16.
    ['general.file_type', { type: 'uint32', value: weightType === 'f32' ? 0 : 1 }],
    ['llama.context_length', { type: 'uint32', value: options.contextLength ?? 2048 }],
    ['llama.embedding_length', { type: 'uint32', value: embedding }],
    ['llama.block_count', { type: 'uint32', value: blocks }],
    ['llama.feed_forward_length', { type: 'uint32', value: feedForward }],
    ['llama.attention.head_count', { type: 'uint32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: kvHeads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'uint32', value: headDimension }],
    ['llama.rope.freq_base', { type: 'float32', value: 10_000 }],
    ['llama.vocab_size', { type: 'uint32', value: vocabularySize }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'string-array', value: vocabulary.pieces }],
    ['tokenizer.ggml.scores', { type: 'float32-array', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32-array', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.chat_template', { type: 'string', value: chatMlTemplate }],
  ];
  const omitted = new Set(options.omitTensors ?? []);
  return encodeGguf({
    metadata,
    tensors: tensors.filter((tensor) => !omitted.has(tensor.name)),
    alignment: 32,
  });
}

/**
 * Writes `tinyLlamaGguf(options)` to `path` (creating its folder) through a temporary file and a
 * rename, so a reader never sees half a model. Returns `path`.
 */
export function writeTinyLlamaGguf(path: string, options: TinyLlamaOptions = {}): string {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${randomUUID()}.gguf.tmp`);
  writeFileSync(temporary, tinyLlamaGguf(options), { flag: 'wx' });
  renameSync(temporary, path);
  return path;
}

// A small deterministic generator (mulberry32) with Box–Muller normals: the weights need only be
// reproducible, not good random numbers.
function seededRandom(seed: number): { uniform(): number; normal(): number } {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    uniform,
    normal: () => {
      const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
      return radius * Math.cos(2 * Math.PI * uniform());
    },
  };
}
