import { redactSecrets } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { redactConfig } from './redact-config.js';

const config = {
  benchmark: 'sim',
  taskModel: {
    model: 'openai:m',
    baseURL:
      'https://gw-user-01:gw-pass-01@gateway.example/v1?api-version=2024-10-21&code=query-code-01',
    nonSecretHeaders: ['X-Team'],
    nonSecretQueryParameters: ['api-version'],
    settings: {
      headers: {
        'Ocp-Apim-Subscription-Key': 'apim-key-01',
        Cookie: 'session=cookie-01',
        'X-Team': 'research',
        'HTTP-Referer': 'https://forge.example',
      },
    },
    maxOutputTokens: 4096,
  },
  optimizerModel: { model: 'openai:o', baseURLs: ['http://a.example/v1?key=pool-key-01'] },
} as unknown as ForgeConfig;

describe('redactConfig', () => {
  it('saves header values, URL user-info and query values only when declared non-secret', () => {
    const secrets: string[] = [];
    const saved = redactConfig(config, { onSecret: (secret) => secrets.push(secret) });
    expect(saved).toEqual({
      ...config,
      taskModel: {
        ...(config.taskModel as object),
        baseURL: 'https://[REDACTED]@gateway.example/v1?api-version=2024-10-21&code=[REDACTED]',
        settings: {
          headers: {
            'Ocp-Apim-Subscription-Key': '[REDACTED]',
            Cookie: '[REDACTED]',
            'X-Team': 'research',
            'HTTP-Referer': 'https://forge.example',
          },
        },
      },
      optimizerModel: { model: 'openai:o', baseURLs: ['http://a.example/v1?key=[REDACTED]'] },
    });
    expect(secrets.sort()).toEqual(
      [
        'apim-key-01',
        'session=cookie-01',
        'gw-user-01',
        'gw-pass-01',
        'query-code-01',
        'pool-key-01',
      ].sort(),
    );
  });

  it('registers nothing globally by itself; the caller decides', () => {
    redactConfig(config);
    expect(redactSecrets('apim-key-01')).toBe('apim-key-01');
  });
});
