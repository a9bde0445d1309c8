import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { streamJsonArray } from './stream-json-array.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-stream-json-'));

async function read(text: string): Promise<unknown[]> {
  const file = join(directory, `case-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  const values: unknown[] = [];
  await streamJsonArray(file, (value, record) => {
    expect(record).toBe(values.length + 1);
    values.push(value);
  });
  return values;
}

async function failure(text: string): Promise<DatasetError> {
  const error = await read(text).catch((caught: unknown) => caught);
  if (!DatasetError.isInstance(error))
    throw new Error(`expected a DatasetError, got ${String(error)}`);
  return error;
}

describe('streamJsonArray', () => {
  it('yields each element, with strings holding brackets, commas, escapes and UTF-8', async () => {
    const records = [
      { q: 'a, [b] {c}', s: 'quote \\" and \\\\', n: [1, [2, 3]] },
      'plain "string" ]',
      42,
      null,
      { title: 'Beyoncé — “Halo”', nested: { deep: [{}] } },
    ];
    expect(
      await read(`\n[ ${records.map((record) => JSON.stringify(record)).join(' ,\n ')} ]\n`),
    ).toEqual(records);
    expect(await read('[]')).toEqual([]);
  });

  it('reads elements that span many 1 MiB chunks', async () => {
    const big = { text: 'x'.repeat(3 * 1024 * 1024 + 7), tail: 'é'.repeat(1000) };
    const values = await read(JSON.stringify([big, { small: true }, big]));
    expect(values).toHaveLength(3);
    expect(values[2]).toEqual(big);
  });

  it('names the record number of a malformed element', async () => {
    const error = await failure('[{"a": 1}, {"a": tru}, {"a": 3}]');
    expect(error.line).toBe(2);
    expect(error.message).toContain('not valid JSON');
  });

  it('rejects a file that is not an array, a truncated array and trailing data', async () => {
    expect((await failure('{"a": 1}')).message).toContain('expected a JSON array');
    expect((await failure('[{"a": 1}, {"a"')).message).toContain('truncated');
    expect((await failure('[1] x')).message).toContain('after the JSON array');
    expect((await failure('[1,,2]')).message).toContain('missing value');
  });
});
