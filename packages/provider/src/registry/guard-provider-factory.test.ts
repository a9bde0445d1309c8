import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { LoadSettingError } from '../errors/load-setting-error.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { withRetry } from '../middleware/with-retry.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { guardProviderFactory } from './guard-provider-factory.js';
import {
  defaultProviderRegistry,
  registerProvider,
  unregisterProvider,
} from './provider-registry.js';

const prompt = { messages: [{ role: 'user' as const, content: 'hi' }] };
const guard = { name: 'mine', source: 'module ./mine.mjs' };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('guardProviderFactory', () => {
  it("turns a call's plain Error into the provider's APICallError and keeps results as they are", async () => {
    const inner = new MockLanguageModel({
      provider: 'mine',
      modelId: 'small',
      responses: ['fine', new Error('gateway exploded')],
    });
    const model = guardProviderFactory(() => inner, guard)('small', {});
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'mine', modelId: 'small' });
    expect((await model.generate(prompt)).text).toBe('fine');
    const error = await caught(model.generate(prompt));
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toBe(
      'mine:small: module ./mine.mjs failed: gateway exploded',
    );
    expect((error as APICallError).kind).toBe('provider');
  });

  it('catches synchronous throws from generate and from the factory', async () => {
    const throwing: LanguageModel = {
      specificationVersion: 'v1',
      provider: 'mine',
      modelId: 'm',
      generate() {
        throw new Error('sync boom');
      },
    };
    const model = guardProviderFactory(() => throwing, guard)('m', {});
    expect(((await caught(model.generate(prompt))) as Error).message).toContain('sync boom');
    const failingFactory = guardProviderFactory(() => {
      throw new Error('no config file');
    }, guard);
    let error: unknown;
    try {
      failingFactory('m', {});
    } catch (thrown) {
      error = thrown;
    }
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'mine:m: module ./mine.mjs failed while creating the model: no config file',
    );
  });

  it("lets a factory's Forge errors through unchanged", () => {
    const setting = new LoadSettingError({ environmentVariable: 'MINE_KEY', message: 'set it' });
    const factory = guardProviderFactory(() => {
      throw setting;
    }, guard);
    expect(() => factory('m', {})).toThrow(setting);
  });

  it('rejects a factory that returns no LanguageModel, naming the provider', () => {
    const factory = guardProviderFactory(
      () => ({ generate: 1 }) as unknown as LanguageModel,
      guard,
    );
    let error: unknown;
    try {
      factory('m', {});
    } catch (thrown) {
      error = thrown;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('mine');
    expect((error as Error).message).toContain(
      'module ./mine.mjs: the factory must return a LanguageModel',
    );
  });

  it('makes network-shaped errors of a custom provider retryable by withRetry', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const inner = new MockLanguageModel({ responses: [reset, 'recovered'] });
    const clock = new ManualClock();
    const model = withRetry(guardProviderFactory(() => inner, guard)('m', {}), { clock });
    const running = model.generate(prompt);
    await clock.runAll();
    expect((await running).text).toBe('recovered');
    expect(inner.calls).toHaveLength(2);
  });
});

describe('registerProvider', () => {
  it('guards what it registers', async () => {
    registerProvider(
      'plain-errors',
      () => new MockLanguageModel({ responses: [new Error('nope')] }),
    );
    try {
      const model = defaultProviderRegistry.languageModel('plain-errors:x');
      const error = await caught(model.generate(prompt));
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('provider "plain-errors" failed: nope');
    } finally {
      unregisterProvider('plain-errors');
    }
  });
});
