import { describe, expect, it } from 'vitest';
import { redactSecrets, registerSecret, registerSecretHeaders } from './redact-secrets.js';

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
  it('registers credential headers, token part included, and ignores the rest', () => {
    registerSecretHeaders({
      Authorization: 'Basic cHJveHktdXNlcjpwYXNz',
      'X-Proxy-Token': 'proxy-token-value-1',
      'HTTP-Referer': 'https://forge.example',
    });
    expect(
      redactSecrets('Basic cHJveHktdXNlcjpwYXNz / cHJveHktdXNlcjpwYXNz / proxy-token-value-1'),
    ).toBe('[REDACTED] / [REDACTED] / [REDACTED]');
    expect(redactSecrets('https://forge.example')).toBe('https://forge.example');
  });
});
