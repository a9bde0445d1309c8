import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError, InvalidArgumentError } from '@forge/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlamaCppModel } from './create-llama-cpp-model.js';
import { disposeLlamaCppRuntimes } from './dispose-llama-cpp-runtimes.js';
import type { LlamaCppModel } from './llama-cpp-model.js';
import { tinyLlamaGguf, writeTinyLlamaGguf } from './testing/index.js';

// Real inference: node-llama-cpp's prebuilt llama.cpp on a generated random-weights model. One
// thread, so a busy machine does not stall llama.cpp's thread pool.
const directory = mkdtempSync(join(tmpdir(), 'forge-llama-'));
const modelPath = writeTinyLlamaGguf(join(directory, 'tiny.gguf'), { seed: 7 });
let model: LlamaCppModel;

beforeAll(async () => {
  model = createLlamaCppModel({ modelPath, threads: 1, contextSize: 1024, poolSize: 2 });
  await model.load();
});

afterAll(async () => {
  await disposeLlamaCppRuntimes();
  rmSync(directory, { recursive: true, force: true });
});

const verdict = z.object({
  label: z.enum(['spam', 'ham', 'unsure']),
  urgent: z.boolean(),
});

function ask(content: string) {
  return {
    system: 'Classify the message.',
    messages: [{ role: 'user' as const, content }],
    responseFormat: { type: 'json' as const, schema: z.toJSONSchema(verdict) },
    maxOutputTokens: 64,
  };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('a local GGUF model', () => {
  it('answers every schema-constrained request with JSON that satisfies the schema', async () => {
    const messages = [
      'WIN a FREE cruise, reply now',
      'Lunch at noon?',
      'Your invoice #4411 is attached.',
      'URGENT: server room flooding',
      'ok',
    ];
    for (const content of messages) {
      const result = await model.generate(ask(content));
      expect(verdict.safeParse(JSON.parse(result.text)).success).toBe(true);
      expect(result.finishReason).toBe('stop');
      expect(result.toolCalls).toEqual([]);
      expect(result.response?.modelId).toBe('forge-tiny-llama');
    }
  });

  it("counts input tokens with the model's tokenizer and output tokens as generated", async () => {
    const short = await model.generate(ask('a'));
    const long = await model.generate(ask('a b c d e f g h'));
    // Each " b" adds a word-boundary piece and a letter: 14 more pieces in the longer prompt.
    expect(long.usage.inputTokens - short.usage.inputTokens).toBe(14);
    for (const result of [short, long]) {
      expect(result.usage.outputTokens).toBeGreaterThanOrEqual(result.text.length / 2);
      expect(result.usage.outputTokens).toBeLessThanOrEqual(64);
    }
  });

  it('reports the prompt prefix a sequence kept from its previous call as cached input', async () => {
    const first = await model.generate({ ...ask('first message'), system: 'A new system prompt.' });
    const second = await model.generate({
      ...ask('second message'),
      system: 'A new system prompt.',
    });
    expect(first.usage.cachedInputTokens ?? 0).toBeLessThan(second.usage.cachedInputTokens ?? 0);
    expect(second.usage.cachedInputTokens).toBeLessThan(second.usage.inputTokens);
  });

  it('answers any JSON under a response format without a schema', async () => {
    const result = await model.generate({
      messages: [{ role: 'user', content: 'Give JSON.' }],
      responseFormat: { type: 'json' },
      maxOutputTokens: 48,
    });
    if (result.finishReason === 'stop') expect(() => JSON.parse(result.text)).not.toThrow();
    else expect(result.usage.outputTokens).toBe(48);
  });

  it('answers free text without a response format, stopping at the output limit', async () => {
    const result = await model.generate({
      system: 'Say hello.',
      messages: [{ role: 'user', content: 'hello' }],
      maxOutputTokens: 6,
    });
    expect(result.usage.outputTokens).toBeLessThanOrEqual(6);
    expect(result.finishReason === 'length').toBe(result.usage.outputTokens === 6);
  });

  it('serves more concurrent calls than the pool has sequences, each valid', async () => {
    const results = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((content) => model.generate(ask(content))),
    );
    for (const result of results) {
      expect(verdict.safeParse(JSON.parse(result.text)).success).toBe(true);
    }
  });

  it("rejects with the caller's abort reason, during generation and while waiting for a sequence", async () => {
    const running = new AbortController();
    const long = caught(
      model.generate({
        messages: [{ role: 'user', content: 'Write a long story.' }],
        maxOutputTokens: 900,
        abortSignal: running.signal,
      }),
    );
    const busy = caught(
      model.generate({
        messages: [{ role: 'user', content: 'Another long story.' }],
        maxOutputTokens: 900,
        abortSignal: running.signal,
      }),
    );
    const queued = new AbortController();
    const waiting = model.generate({ ...ask('queued'), abortSignal: queued.signal });
    const reason = new Error('stopped by the test');
    queued.abort(reason);
    expect(await caught(waiting)).toBe(reason);
    const stop = new Error('run interrupted');
    setTimeout(() => running.abort(stop), 30);
    expect(await long).toBe(stop);
    expect(await busy).toBe(stop);
    // The pool is whole again.
    const after = await model.generate(ask('after the abort'));
    expect(verdict.safeParse(JSON.parse(after.text)).success).toBe(true);
  });

  it('refuses tool calls with an error that is not retried', async () => {
    const error = await caught(
      model.generate({
        messages: [{ role: 'user', content: 'weather?' }],
        tools: [{ name: 'weather', description: 'Weather now.', inputSchema: { type: 'object' } }],
      }),
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(false);
    expect((error as Error).message).toContain('local models cannot call tools');
  });

  it('refuses a prompt longer than the context, saying how to raise it', async () => {
    const error = await caught(
      model.generate({ messages: [{ role: 'user', content: 'x '.repeat(800) }] }),
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /the prompt has \d+ tokens, more than the context of 1024/,
    );
  });
});

describe('model files that cannot be used', () => {
  function creationError(path: string, settings: { contextSize?: number } = {}): unknown {
    try {
      createLlamaCppModel({ modelPath: path, ...settings });
    } catch (error) {
      return error;
    }
    throw new Error('expected createLlamaCppModel to throw');
  }

  it('names a missing file and says how to get one', () => {
    const missing = join(directory, 'missing.gguf');
    const error = creationError(missing);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `local:${missing}: no such file. Give the path of a GGUF model file (forge models pull <url> downloads one).`,
    );
  });

  it('refuses a file that is not GGUF, and a truncated one, before loading anything', () => {
    const text = join(directory, 'notes.gguf');
    writeFileSync(text, 'these are not weights, just some notes written by hand');
    expect((creationError(text) as Error).message).toBe(
      `local:${text}: it is not a GGUF file (it does not start with "GGUF")`,
    );
    const truncated = join(directory, 'truncated.gguf');
    const bytes = tinyLlamaGguf();
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((creationError(truncated) as Error).message).toMatch(
      /truncated\.gguf: the file is truncated: its tensors need \d+ bytes, it has \d+/,
    );
  });

  it('refuses a context too large for the machine, with the numbers', () => {
    const error = creationError(modelPath, { contextSize: 2 ** 30 });
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /too little memory: the weights \(0\.0 GiB\) and a context of 1073741824 tokens × 2 sequences \(512\.0 GiB\) need about 512\.0 GiB, this machine has [\d.]+ GiB/,
    );
  });

  it("reports a complete GGUF file llama.cpp cannot load, naming the file, and doesn't retry it", async () => {
    // A llama model without its attention output matrices: the header is whole, the model is not.
    const broken = join(directory, 'broken.gguf');
    writeFileSync(broken, tinyLlamaGguf({ omitTensors: ['blk.1.attn_output.weight'] }));
    const brokenModel = createLlamaCppModel({ modelPath: broken, threads: 1, contextSize: 256 });
    const error = await caught(brokenModel.generate(ask('hi')));
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(false);
    expect((error as Error).message).toContain(`llama.cpp could not load ${broken}`);
    expect((error as Error).message).toContain("missing tensor 'blk.1.attn_output.weight'");
    // The failure is kept: the next call fails the same way at once.
    expect((await caught(brokenModel.generate(ask('again')))) as Error).toMatchObject({
      message: (error as Error).message,
    });
  });
});
