import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatasetError } from '../dataset-error.js';
import { readHubRecords } from './read-hub-records.js';

const schema = z.object({ id: z.number().int(), text: z.string() });

function directoryWith(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'forge-hub-read-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  return directory;
}

describe('readHubRecords', () => {
  it('prefers the JSONL export', async () => {
    const directory = directoryWith({
      'split.jsonl': '{"id":1,"text":"a"}\n{"id":2,"text":"b"}\n',
      'split.json': '[]',
    });
    const { file, records } = await readHubRecords(directory, 'split', schema);
    expect(file).toBe(join(directory, 'split.jsonl'));
    expect(records.map((record) => record.value.id)).toEqual([1, 2]);
  });

  it('reads a JSON array or a saved dataset-viewer page', async () => {
    const array = directoryWith({ 'split.json': '[{"id":1,"text":"a"}]' });
    expect((await readHubRecords(array, 'split', schema)).records).toEqual([
      { line: 1, value: { id: 1, text: 'a' } },
    ]);
    const page = directoryWith({
      'split.json': '{"rows":[{"row_idx":0,"row":{"id":5,"text":"e"}}],"num_rows_total":1}',
    });
    expect((await readHubRecords(page, 'split', schema)).records[0]?.value.id).toBe(5);
  });

  it('names the file, record and field of a bad record', async () => {
    const directory = directoryWith({
      'split.json': '[{"id":1,"text":"a"},{"id":"x","text":"b"}]',
    });
    const error = await readHubRecords(directory, 'split', schema).catch((caught) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ file: join(directory, 'split.json'), line: 2, field: 'id' });
  });

  it('says how to get a missing file', async () => {
    const directory = directoryWith({});
    await expect(
      readHubRecords(directory, 'split', schema, 'run `forge data pull x`'),
    ).rejects.toThrow(
      `${join(directory, 'split.jsonl')}: file not found (run \`forge data pull x\`)`,
    );
  });
});
