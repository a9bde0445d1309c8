import { describe, expect, it } from 'vitest';
import { SuiteQueueError } from './queue-error.js';
import { parseQueueUrl } from './queue-url.js';

describe('parseQueueUrl', () => {
  it('accepts redis and rediss URLs and never displays the password', () => {
    expect(parseQueueUrl('redis://127.0.0.1:6379').display).toBe('redis://127.0.0.1:6379');
    const secret = parseQueueUrl('rediss://forge:hunter2-secret@cache.example:6380/2');
    expect(secret.display).toBe('rediss://cache.example:6380/2');
    expect(secret.url).toContain('hunter2-secret');
  });

  it('names the flag and the value, without the password, for what is not a Redis URL', () => {
    const refused = (text: string) => {
      try {
        parseQueueUrl(text);
      } catch (error) {
        if (SuiteQueueError.isInstance(error)) return error;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refused('localhost:6379').message).toContain('is not a Redis URL');
    const http = refused('http://user:pa55word@host:1');
    expect(http.reason).toBe('url');
    expect(http.message).toBe(
      '--queue: http://host:1 is not a Redis URL; give redis://host:port or rediss://host:port',
    );
    expect(http.message).not.toContain('pa55word');
    expect(refused('redis://host:6379/zero').message).toContain('must be a number');
    expect(refused('not a url').message).toContain('--queue: not a URL');
  });
});
