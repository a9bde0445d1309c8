import { describe, expect, it } from 'vitest';
import { LoadSettingError } from '../errors/load-setting-error.js';
import { loadApiKey, loadOptionalSetting, withoutTrailingSlash } from './load-setting.js';
import { redactSecrets } from './redact-secrets.js';

describe('loadApiKey', () => {
  it('prefers the option, then the environment variable', () => {
    const environment = { OPENAI_API_KEY: 'from-environment-1234' };
    const common = { environmentVariable: 'OPENAI_API_KEY', description: 'OpenAI', environment };
    expect(loadApiKey({ ...common, apiKey: 'from-option-12345' })).toBe('from-option-12345');
    expect(loadApiKey({ ...common, apiKey: undefined })).toBe('from-environment-1234');
  });

  it('registers the key so later text is redacted', () => {
    loadApiKey({
      apiKey: 'plainlooking-secret-value',
      environmentVariable: 'X_KEY',
      description: 'X',
      environment: {},
    });
    expect(redactSecrets('echo: plainlooking-secret-value!')).toBe('echo: [REDACTED]!');
  });

  it('throws a LoadSettingError naming the variable and option, never a value', () => {
    let caught: unknown;
    try {
      loadApiKey({
        apiKey: '  ',
        environmentVariable: 'ANTHROPIC_API_KEY',
        description: 'Anthropic',
        environment: { ANTHROPIC_API_KEY: '' },
      });
    } catch (error) {
      caught = error;
    }
    expect(LoadSettingError.isInstance(caught)).toBe(true);
    expect((caught as LoadSettingError).environmentVariable).toBe('ANTHROPIC_API_KEY');
    expect((caught as Error).message).toBe(
      'Anthropic API key is missing: set the ANTHROPIC_API_KEY environment variable or pass the `apiKey` option.',
    );
  });
});

describe('loadOptionalSetting / withoutTrailingSlash', () => {
  it('returns undefined when neither option nor variable is set', () => {
    expect(
      loadOptionalSetting({
        value: undefined,
        environmentVariable: 'OLLAMA_HOST',
        environment: {},
      }),
    ).toBe(undefined);
    expect(
      loadOptionalSetting({
        value: undefined,
        environmentVariable: 'OLLAMA_HOST',
        environment: { OLLAMA_HOST: ' http://gpu:11434 ' },
      }),
    ).toBe('http://gpu:11434');
    expect(withoutTrailingSlash('http://h/v1//')).toBe('http://h/v1');
    expect(withoutTrailingSlash('http://h/v1/?v=a/')).toBe('http://h/v1?v=a/');
  });
});
