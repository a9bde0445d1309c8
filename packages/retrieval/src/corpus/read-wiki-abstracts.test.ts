import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { readWikiAbstracts } from './read-wiki-abstracts.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-wiki-'));

async function collect(file: string): Promise<string[]> {
  const passages: string[] = [];
  for await (const passage of readWikiAbstracts(file)) passages.push(passage);
  return passages;
}

describe('readWikiAbstracts', () => {
  it('joins each abstract\'s sentences with one space after "Title | "', async () => {
    const file = join(directory, 'good.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({
          id: '1',
          url: 'u',
          title: 'Alan Turing',
          text: ['Alan Turing was a mathematician.', 'He lived in England.'],
        }),
        '',
        JSON.stringify({ title: 'Enigma', text: 'A cipher machine.' }),
      ].join('\n'),
    );
    expect(await collect(file)).toEqual([
      'Alan Turing | Alan Turing was a mathematician. He lived in England.',
      'Enigma | A cipher machine.',
    ]);
  });

  it('names the file, line and field of a bad record', async () => {
    const file = join(directory, 'bad.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ title: 'A', text: ['b'] })}\n${JSON.stringify({ title: 3, text: [] })}\n`,
    );
    const error = await collect(file).catch((caught: unknown) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect((error as DatasetError).message).toContain(`${file}, line 2, field "title"`);
  });

  it('reports invalid JSON and a missing file', async () => {
    const file = join(directory, 'broken.jsonl');
    writeFileSync(file, '{"title": "A", "text": []}\n{oops\n');
    expect(((await collect(file).catch((caught: unknown) => caught)) as DatasetError).line).toBe(2);
    const missing = (await collect(join(directory, 'none.jsonl')).catch(
      (caught: unknown) => caught,
    )) as DatasetError;
    expect(missing.message).toContain('file not found');
  });
});
