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

  it('takes TLS files from a rediss:// URL query, refusing any other parameter or a conflict', () => {
    const queue = parseQueueUrl(
      'rediss://forge:pw@cache.example:6380/1?ca=/etc/ca.pem&key=/k.pem',
      {
        tls: { cert: '/c.pem', key: '/k.pem' },
      },
    );
    expect(queue.tls).toEqual({ ca: '/etc/ca.pem', cert: '/c.pem', key: '/k.pem' });
    expect(queue.url).toBe('rediss://forge:pw@cache.example:6380/1');
    expect(queue.display).toBe('rediss://cache.example:6380/1');
    const refusal = (text: string, tls?: { ca?: string }) => {
      try {
        parseQueueUrl(text, tls === undefined ? {} : { tls });
      } catch (error) {
        if (SuiteQueueError.isInstance(error)) return error.message;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refusal('rediss://host:6380?family=6')).toBe(
      '--queue: the URL\'s query parameter "family" is not one Forge knows; a rediss:// URL takes ca, cert and key (TLS files), nothing else',
    );
    expect(refusal('rediss://host:6380?ca=/a.pem', { ca: '/b.pem' })).toContain(
      'the TLS ca file is given twice, as /a.pem in the URL and as /b.pem by --redis-tls-ca',
    );
    expect(refusal('redis://host:6379?ca=/a.pem')).toContain('TLS files need a rediss:// queue');
  });
});
