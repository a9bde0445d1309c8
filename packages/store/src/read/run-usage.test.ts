import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedCall } from '@forge/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from '../open-run-database.js';
import { SqliteCallRecorder } from '../sqlite-call-recorder.js';
import { readModelsByRole, readRunUsage, readZeroCostModels } from './run-usage.js';

const root = mkdtempSync(join(tmpdir(), 'forge-usage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function call(
  role: string | undefined,
  tokens: { input: number; output: number },
  costUsd: number,
  cached = false,
): RecordedCall {
  return {
    sequence: 0,
    provider: 'sim',
    modelId: role === 'task' ? 'task' : 'optimizer',
    ...(role === undefined ? {} : { role }),
    sampleIndex: 0,
    request: { messages: [{ role: 'user', content: 'q' }] },
    result: {
      text: 'a',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: tokens.input, outputTokens: tokens.output, reasoningTokens: 1 },
      costUsd,
      ...(cached ? { cached: true } : {}),
    },
    startedAt: 0,
    durationMs: 1,
  };
}

describe('readRunUsage', () => {
  it('sums billed calls by role, counts cache hits apart, and the roles add up to the total', () => {
    const database = openRunDatabase(join(root, 'run'));
    const recorder = new SqliteCallRecorder(database);
    recorder.record(call('task', { input: 100, output: 10 }, 0.5));
    recorder.record(call('task', { input: 100, output: 10 }, 0, true));
    recorder.record(call('verify', { input: 40, output: 4 }, 0.25));
    recorder.record(call('generate', { input: 20, output: 2 }, 0.125));
    recorder.record(call(undefined, { input: 1, output: 1 }, 0.0625));
    // Still queued: readRunUsage writes them first.
    const usage = readRunUsage(database);
    database.close();
    expect(usage.byRole).toEqual({
      task: {
        calls: 1,
        cachedCalls: 1,
        inputTokens: 100,
        outputTokens: 10,
        cachedInputTokens: 0,
        reasoningTokens: 1,
        costUsd: 0.5,
      },
      verify: expect.objectContaining({ calls: 1, inputTokens: 40, costUsd: 0.25 }),
      generate: expect.objectContaining({ calls: 1, inputTokens: 20, costUsd: 0.125 }),
      unassigned: expect.objectContaining({ calls: 1, costUsd: 0.0625 }),
    });
    expect(usage.total).toEqual({
      calls: 4,
      cachedCalls: 1,
      inputTokens: 161,
      outputTokens: 17,
      cachedInputTokens: 0,
      reasoningTokens: 4,
      costUsd: 0.9375,
    });
  });

  it('reads an empty run as zero', () => {
    const database = openRunDatabase(join(root, 'empty'));
    const usage = readRunUsage(database);
    database.close();
    expect(usage).toEqual({ total: expect.objectContaining({ calls: 0, costUsd: 0 }), byRole: {} });
  });
});

describe('readZeroCostModels', () => {
  it('names the models with paid calls at no cost, leaving out cache hits, failures and priced models', () => {
    const database = openRunDatabase(join(root, 'zero-cost'));
    const recorder = new SqliteCallRecorder(database);
    const at = (provider: string, modelId: string, costUsd: number, cached = false) => ({
      ...call('task', { input: 10, output: 1 }, costUsd, cached),
      provider,
      modelId,
    });
    recorder.record(at('scripted', 'task', 0));
    recorder.record(at('scripted', 'task', 0));
    recorder.record(at('openai', 'gpt-5.5', 0.5));
    recorder.record(at('cached', 'only', 0, true));
    const { result: _result, ...failed } = at('down', 'model', 0);
    recorder.record({ ...failed, error: { name: 'APICallError', message: 'refused' } });
    recorder.record(at('ollama', 'qwen3:8b', 0));
    // Still queued: read after they are written.
    const models = readZeroCostModels(database);
    database.close();
    expect(models).toEqual([
      { provider: 'scripted', modelId: 'task' },
      { provider: 'ollama', modelId: 'qwen3:8b' },
    ]);
  });
});

describe('readModelsByRole', () => {
  it('names each role’s models in order of first call, cache hits and failures included', () => {
    const database = openRunDatabase(join(root, 'models-by-role'));
    const recorder = new SqliteCallRecorder(database);
    const at = (role: string | undefined, provider: string, modelId: string, cached = false) => ({
      ...call(role, { input: 1, output: 1 }, 0, cached),
      provider,
      modelId,
    });
    recorder.record(at('task', 'openai', 'b'));
    recorder.record(at('reflect', 'anthropic', 'c', true));
    recorder.record(at('task', 'openai', 'a'));
    recorder.record(at('task', 'openai', 'b'));
    recorder.record(at(undefined, 'sim', 'x'));
    recorder.record(at('__proto__', 'sim', 'y'));
    const models = readModelsByRole(database);
    database.close();
    expect(Object.keys(models)).toEqual(['task', 'reflect', 'unassigned', '__proto__']);
    expect(models['task']).toEqual(['openai:b', 'openai:a']);
    expect(models['reflect']).toEqual(['anthropic:c']);
    expect(models['unassigned']).toEqual(['sim:x']);
    expect(Object.getOwnPropertyDescriptor(models, '__proto__')?.value).toEqual(['sim:y']);
  });
});
