import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { afterAll, describe, expect, it } from 'vitest';
import { GgufHeaderProblem, readGgufHeader } from '../read-gguf-header.js';
import { tinyLlamaGguf, tinyLlamaVocabulary, writeTinyLlamaGguf } from './tiny-llama-gguf.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-gguf-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('tinyLlamaGguf', () => {
  it('is deterministic in its seed', () => {
    expect(
      Buffer.from(tinyLlamaGguf({ seed: 3 })).equals(Buffer.from(tinyLlamaGguf({ seed: 3 }))),
    ).toBe(true);
    expect(
      Buffer.from(tinyLlamaGguf({ seed: 3 })).equals(Buffer.from(tinyLlamaGguf({ seed: 4 }))),
    ).toBe(false);
  });

  it("writes a file node-llama-cpp's own GGUF reader reads back as written", async () => {
    const path = writeTinyLlamaGguf(join(directory, 'f16', 'tiny.gguf'), {
      weightType: 'f16',
      blockCount: 3,
      name: 'read-back',
    });
    const info = await readGgufFileInfo(path, { readTensorInfo: true });
    expect(info.version).toBe(3);
    expect(info.metadata.general).toMatchObject({
      architecture: 'llama',
      name: 'read-back',
      file_type: 1,
    });
    expect(info.metadata.llama).toMatchObject({
      context_length: 2048,
      embedding_length: 64,
      block_count: 3,
      feed_forward_length: 128,
      attention: { head_count: 4, head_count_kv: 2 },
    });
    const vocabulary = tinyLlamaVocabulary();
    expect(info.metadata.tokenizer.ggml.tokens).toEqual(vocabulary.pieces);
    expect(info.metadata.tokenizer.ggml.token_type).toEqual(vocabulary.types);
    const tensors = info.tensorInfo ?? [];
    expect(tensors).toHaveLength(3 + 3 * 9);
    const query = tensors.find((tensor) => tensor.name === 'blk.2.attn_k.weight');
    // Keys: 64 wide in, 2 heads × 16 out; 16-bit floats are ggml type 1.
    expect(query?.dimensions.map(Number)).toEqual([64, 32]);
    expect(query?.ggmlType).toBe(1);
  });

  it('reads its own header and refuses one cut short', () => {
    const bytes = tinyLlamaGguf();
    const path = join(directory, 'whole.gguf');
    writeTinyLlamaGguf(path);
    const header = readGgufHeader(path);
    expect(header).toMatchObject({
      version: 3,
      tensorCount: 21,
      architecture: 'llama',
      name: 'forge-tiny-llama',
      trainedContextLength: 2048,
      // 2 blocks × 2 key-value heads × (16 + 16) × 2 bytes.
      kvBytesPerToken: 256,
      fileBytes: bytes.length,
      requiredBytes: bytes.length,
    });
  });

  it('names what is wrong with a header that does not fit its file', () => {
    const bytes = tinyLlamaGguf();
    const path = join(directory, 'cut.gguf');
    writeFileSync(path, bytes.subarray(0, 300));
    const problem = readGgufHeader(path);
    expect(problem).toBeInstanceOf(GgufHeaderProblem);
    expect((problem as GgufHeaderProblem).reason).toBe(
      'the file ends inside its header (a truncated download or not a model file)',
    );
  });
});
