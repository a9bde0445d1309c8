import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { parseAppWorldSettings, resolveServerUrls } from './appworld-settings.js';

describe('AppWorld settings', () => {
  it('resolves the server URLs: a list, N ports from a base, the environment, or the default', () => {
    const urls = (value: unknown, environment: Record<string, string> = {}) =>
      resolveServerUrls(parseAppWorldSettings(value), environment);
    expect(urls({ serverUrls: ['http://10.0.0.2:8000', 'http://10.0.0.2:8001'] })).toEqual([
      'http://10.0.0.2:8000',
      'http://10.0.0.2:8001',
    ]);
    expect(urls({ serverUrls: 'http://a:1, http://b:2' })).toEqual(['http://a:1', 'http://b:2']);
    expect(urls({ servers: 3, basePort: 9100 })).toEqual([
      'http://127.0.0.1:9100',
      'http://127.0.0.1:9101',
      'http://127.0.0.1:9102',
    ]);
    expect(urls({}, { APPWORLD_SERVER_URLS: 'http://h:8000,http://h:8001' })).toEqual([
      'http://h:8000',
      'http://h:8001',
    ]);
    expect(urls(undefined)).toEqual(['http://127.0.0.1:8000']);
  });

  it('names the setting that is wrong', () => {
    const problem = (value: unknown, environment: Record<string, string> = {}) => {
      try {
        resolveServerUrls(parseAppWorldSettings(value), environment);
      } catch (error) {
        if (InvalidArgumentError.isInstance(error)) return error;
      }
      throw new Error('expected an InvalidArgumentError');
    };
    expect(problem({ maxSteps: 0 }).argument).toBe('benchmarkSettings.maxSteps');
    expect(problem({ serverUrls: ['ftp://x'] }).argument).toBe('benchmarkSettings.serverUrls.0');
    expect(problem({ serverUrls: 'http://ok:1,nope' }).message).toContain(
      '"nope" is not an http(s) URL',
    );
    expect(problem({ servers: 10, basePort: 65_530 }).argument).toBe('benchmarkSettings.servers');
    expect(problem({ authoring: { draftTask: 1 } }).argument).toBe('benchmarkSettings.authoring');
    expect(problem({}, { APPWORLD_SERVER_URLS: 'x' }).argument).toBe('APPWORLD_SERVER_URLS');
  });
});
