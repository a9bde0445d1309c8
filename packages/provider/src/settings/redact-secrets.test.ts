import { describe, expect, it } from 'vitest';
import {
  redactSecrets,
  registerEnvironmentSecrets,
  registerSecret,
  registerSecretHeaders,
  registerUrlSecrets,
} from './redact-secrets.js';

describe('redactSecrets', () => {
  it('removes registered secrets wherever they appear', () => {
    registerSecret('custom-token-zyxwvu');
    expect(redactSecrets('a custom-token-zyxwvu b custom-token-zyxwvu')).toBe(
      'a [REDACTED] b [REDACTED]',
    );
  });

  it('removes credential-shaped tokens even when not registered', () => {
    expect(redactSecrets('Authorization: Bearer abcdefghijkl123')).toBe(
      'Authorization: Bearer [REDACTED]',
    );
    expect(redactSecrets('Incorrect API key provided: sk-proj-AbCdEf1234567890xyz.')).toBe(
      'Incorrect API key provided: [REDACTED].',
    );
    expect(redactSecrets('x-api-key: abcdefgh12345678')).toBe('x-api-key: [REDACTED]');
  });

  it('leaves ordinary text and short values alone', () => {
    registerSecret('short');
    expect(redactSecrets('a short answer about the bearer of news')).toBe(
      'a short answer about the bearer of news',
    );
  });
});

describe('registerSecretHeaders', () => {
  it('registers every header value whatever its name, token part included, but not the known non-secret ones', () => {
    registerSecretHeaders({
      Authorization: 'Basic cHJveHktdXNlcjpwYXNz',
      'Ocp-Apim-Subscription-Key': 'apim-subscription-1',
      'X-Auth': 'x-auth-value-1',
      Cookie: 'session=cookie-session-1; theme=dark',
      'HTTP-Referer': 'https://forge.example',
    });
    expect(
      redactSecrets(
        'Basic cHJveHktdXNlcjpwYXNz / cHJveHktdXNlcjpwYXNz / apim-subscription-1 / x-auth-value-1 / cookie-session-1',
      ),
    ).toBe('[REDACTED] / [REDACTED] / [REDACTED] / [REDACTED] / [REDACTED]');
    expect(redactSecrets('https://forge.example')).toBe('https://forge.example');
  });

  it('leaves a header declared non-secret alone', () => {
    registerSecretHeaders({ 'X-Team-Name': 'team-name-forge-1' }, ['x-team-name']);
    expect(redactSecrets('team-name-forge-1')).toBe('team-name-forge-1');
  });
});

describe('registerUrlSecrets and registerEnvironmentSecrets', () => {
  it('registers user-info and query values, decoded and encoded, except declared parameters', () => {
    registerUrlSecrets(
      'https://url-user-1:p%40ss-word-1@host.example/v1?code=query-code-1&api-version=2024-10-21',
      ['api-version'],
    );
    expect(redactSecrets('url-user-1 p@ss-word-1 p%40ss-word-1 query-code-1 2024-10-21')).toBe(
      '[REDACTED] [REDACTED] [REDACTED] [REDACTED] 2024-10-21',
    );
  });

  it('registers variables named like credentials and URLs with credentials, not paths', () => {
    registerEnvironmentSecrets({
      HELICONE_API_KEY: 'helicone-env-key-1',
      MY_SERVICE_TOKEN: 'service-env-token-1',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1,https://base-user-1:base-pass-1@gpu.example/v1',
      SSH_AUTH_SOCK: '/tmp/ssh-agent-socket-1',
      EDITOR: 'editor-value-1',
    });
    expect(
      redactSecrets(
        'helicone-env-key-1 service-env-token-1 base-user-1 base-pass-1 /tmp/ssh-agent-socket-1 editor-value-1',
      ),
    ).toBe('[REDACTED] [REDACTED] [REDACTED] [REDACTED] /tmp/ssh-agent-socket-1 editor-value-1');
  });
});
