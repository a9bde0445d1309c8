import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { splitServerUrl } from './split-server-url.js';

describe('splitServerUrl', () => {
  it('returns a URL without a query unchanged', () => {
    expect(splitServerUrl('http://127.0.0.1:8000/v1', 'here')).toEqual({
      url: 'http://127.0.0.1:8000/v1',
      query: {},
    });
  });

  it('takes the query off, decoded, for the client to send with every request', () => {
    expect(
      splitServerUrl('https://gw.example/openai/v1?api-version=2024-10-21&key=a%2Fb+c', 'here'),
    ).toEqual({
      url: 'https://gw.example/openai/v1',
      query: { 'api-version': '2024-10-21', key: 'a/b c' },
    });
    expect(splitServerUrl('https://gw.example/v1/?', 'here')).toEqual({
      url: 'https://gw.example/v1/',
      query: {},
    });
  });

  it('refuses a fragment and a repeated parameter, naming the setting but no query value', () => {
    const fragment = () => splitServerUrl('https://gw.example/v1?key=SECRET-1#part', 'S → baseURL');
    expect(fragment).toThrow(InvalidArgumentError);
    expect(fragment).toThrow('S → baseURL: https://gw.example/v1 has a fragment');
    const repeated = () => splitServerUrl('https://gw.example/v1?key=SECRET-1&key=SECRET-2', 'S');
    expect(repeated).toThrow(
      'S: https://gw.example/v1 gives the query parameter "key" more than once',
    );
    for (const attempt of [fragment, repeated]) {
      expect(() => attempt()).not.toThrow(/SECRET/);
    }
  });
});
