import { describe, expect, it } from 'vitest';
import { unsafeCellIdReason } from './safe-cell-id.js';
import { parseCellJobData, parseSuiteRecord } from './suite-record.js';

describe('cell ids read from Redis', () => {
  it('accepts the ids the planner makes', () => {
    for (const id of [
      'sim/forge/sim-task/sim-optimizer/seed-0',
      'hotpotqa/gepa/ollama-qwen3-8b/openai-gpt-4.1_mini/seed-12/augmented',
      'a/-/b/c/seed-0',
    ])
      expect(unsafeCellIdReason(id)).toBeUndefined();
  });

  it('refuses traversal, absolute, empty, dot, NUL and absurdly long ids', () => {
    const refused = {
      '../x': 'not a plain relative path',
      'a/../b': 'not a plain relative path',
      '/etc': 'not a plain relative path',
      'a//b': 'not a plain relative path',
      '.': 'not a plain relative path',
      '..': 'not a plain relative path',
      '': 'it is empty',
      'a/.hidden': 'starts with "."',
      'a\0b': 'a character other than',
      'a\\..\\b': 'a character other than',
      [`${'x'.repeat(300)}/y`]: 'a segment is longer than 255 characters',
      [Array.from({ length: 300 }, () => 'abcd').join('/')]: 'longer than 1024 characters',
    };
    for (const [id, reason] of Object.entries(refused))
      expect(unsafeCellIdReason(id), JSON.stringify(id)).toContain(reason);
  });

  it('refuses a job or a record that carries one, naming the field', () => {
    expect(() =>
      parseCellJobData({ suiteKey: '0123456789abcdef', cellId: '../../victim' }, 'redis://q'),
    ).toThrow(
      'redis://q: a job is not a Forge cell (field "cellId": not a safe cell id: it is not a plain relative path',
    );
    expect(() => parseCellJobData({ suiteKey: '../k', cellId: 'a' }, 'redis://q')).toThrow(
      'field "suiteKey": not a suite key (16 hex digits)',
    );
    const record = {
      formatVersion: 1,
      key: '0123456789abcdef',
      dir: '/suites/a',
      name: 'a',
      digest: 'd',
      cells: [],
    };
    expect(parseSuiteRecord(JSON.stringify(record), 'redis://q').dir).toBe('/suites/a');
    for (const dir of ['suites/a', '/suites/../etc', '/suites/a/', '/suites/\u001b]0;x']) {
      expect(() => parseSuiteRecord(JSON.stringify({ ...record, dir }), 'redis://q')).toThrow(
        'redis://q: the suite record, field "dir"',
      );
    }
  });
});
