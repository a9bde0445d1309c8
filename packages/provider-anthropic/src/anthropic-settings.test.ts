import { InvalidArgumentError, LoadSettingError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import {
  autoCacheMinimumCharacters,
  buildAnthropicMessagesBody,
} from './anthropic-messages-request.js';
import { resolveAnthropicSettings } from './anthropic-settings.js';
import { anthropicProviderFactory, createAnthropic } from './create-anthropic.js';
import { ThinkingBlockMemory } from './thinking-block-memory.js';

describe('Anthropic settings', () => {
  it('fails before any call without a key, naming ANTHROPIC_API_KEY', () => {
    let caught: unknown;
    try {
      createAnthropic({ environment: {} });
    } catch (error) {
      caught = error;
    }
    expect(LoadSettingError.isInstance(caught)).toBe(true);
    expect((caught as LoadSettingError).environmentVariable).toBe('ANTHROPIC_API_KEY');
    expect(() => anthropicProviderFactory('claude-test', { environment: {} })).toThrow(
      'ANTHROPIC_API_KEY',
    );
  });

  it('reads the key and base URL from the environment', () => {
    expect(
      resolveAnthropicSettings({
        environment: {
          ANTHROPIC_API_KEY: 'sk-ant-env-123456',
          ANTHROPIC_BASE_URL: 'http://proxy:9000/',
        },
      }),
    ).toMatchObject({
      apiKey: 'sk-ant-env-123456',
      baseURL: 'http://proxy:9000',
      defaultMaxOutputTokens: 8192,
    });
  });

  it('names the bad field of invalid settings and provider options', () => {
    expect(() =>
      createAnthropic({ apiKey: 'k', defaultMaxOutputTokens: -1, environment: {} }),
    ).toThrow('defaultMaxOutputTokens');
    expect(() =>
      buildAnthropicMessagesBody(
        'm',
        {
          messages: [],
          providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 10 } } },
        },
        { defaultMaxOutputTokens: 1, thinking: new ThinkingBlockMemory() },
      ),
    ).toThrow(InvalidArgumentError);
  });

  it('caches system prompts automatically only from the minimum length on', () => {
    const context = { defaultMaxOutputTokens: 100, thinking: new ThinkingBlockMemory() };
    const long = buildAnthropicMessagesBody(
      'm',
      { system: 'x'.repeat(autoCacheMinimumCharacters), messages: [] },
      context,
    );
    const short = buildAnthropicMessagesBody(
      'm',
      { system: 'x'.repeat(autoCacheMinimumCharacters - 1), messages: [] },
      context,
    );
    const forced = buildAnthropicMessagesBody(
      'm',
      { system: 'tiny', messages: [], providerOptions: { anthropic: { cacheSystemPrompt: true } } },
      context,
    );
    expect(Array.isArray(long.body['system'])).toBe(true);
    expect(typeof short.body['system']).toBe('string');
    expect(forced.body['system']).toEqual([
      { type: 'text', text: 'tiny', cache_control: { type: 'ephemeral' } },
    ]);
    expect(long.body['max_tokens']).toBe(100);
  });
});
