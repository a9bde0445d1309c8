import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import { tooDeepResponseError } from '../errors/too-deep-response-error.js';
import { jsonTextBeyondDepth, maxResponseDepth } from '../language-model/nesting-depth.js';
import { deeplyNestedJson, tooDeepRefusalPlaces } from './too-deep-refusals.js';

const origin = { provider: 'p', modelId: 'm', source: 'http://127.0.0.1:1' };

describe('deeplyNestedJson', () => {
  it('nests exactly as deep as asked, 20,000 levels unless told', () => {
    expect(JSON.parse(deeplyNestedJson(3))).toEqual([[[]]]);
    expect(jsonTextBeyondDepth(deeplyNestedJson(maxResponseDepth))).toBe(false);
    expect(jsonTextBeyondDepth(deeplyNestedJson(maxResponseDepth + 1))).toBe(true);
    expect(deeplyNestedJson()).toBe('['.repeat(20_000) + ']'.repeat(20_000));
  });
});

describe('tooDeepRefusalPlaces', () => {
  it('gives the place each refusal names, or says it names none', () => {
    const failures = [
      tooDeepResponseError({ ...origin, where: 'extra.0.0…' }),
      tooDeepResponseError(origin),
    ];
    expect(tooDeepRefusalPlaces(failures, origin.source)).toEqual(['extra.0.0…', '(no place)']);
  });

  it('says what each failure was when it is not a too-deep refusal from that source', () => {
    const retryable = new APICallError({ message: 'reset', kind: 'connection' });
    const places = tooDeepRefusalPlaces(
      [undefined, new Error('boom'), retryable, tooDeepResponseError(origin)],
      'http://elsewhere',
    );
    expect(places).toEqual([
      'not refused as too deep: the call succeeded',
      'not refused as too deep: Error: boom',
      'not refused as too deep: connection, retryable: reset',
      `not refused as too deep: invalid-response, not retryable: ${tooDeepResponseError(origin).message}`,
    ]);
  });
});
