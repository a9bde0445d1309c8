import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DatasetError } from '@forge/program';
import type { AttemptRecord } from './attempt-record.js';
import { journalKey, type SynthesisJournal } from './synthesis-journal.js';

/**
 * A journal kept in an append-only JSONL file, one attempt record per line, so an interrupted
 * standalone run resumes without paying again for finished attempts. A torn last line (the
 * process died mid-write) is ignored; any other unreadable line is an error.
 *
 * @throws DatasetError naming the file and line of a corrupt record.
 */
export async function createJsonlJournal(file: string): Promise<SynthesisJournal> {
  const records = new Map<string, AttemptRecord>();
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const lines = text.split('\n');
  let tornAt: number | undefined;
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    const start = offset;
    offset += Buffer.byteLength(line) + 1;
    if (line.trim() === '') continue;
    const last = lines.slice(index + 1).every((rest) => rest.trim() === '');
    let record: AttemptRecord;
    try {
      record = JSON.parse(line) as AttemptRecord;
    } catch (error) {
      if (last) {
        tornAt = start;
        continue;
      }
      throw new DatasetError({
        file,
        line: index + 1,
        message: `not valid JSON (${(error as Error).message})`,
      });
    }
    if (!Number.isInteger(record?.event) || !Number.isInteger(record?.slot)) {
      throw new DatasetError({
        file,
        line: index + 1,
        field: 'event',
        message: 'not an attempt record',
      });
    }
    records.set(journalKey(record.event, record.slot), record);
  }
  await mkdir(dirname(file), { recursive: true });
  if (tornAt !== undefined) await truncate(file, tornAt);
  else if (text !== '' && !text.endsWith('\n')) await appendFile(file, '\n');
  // Writes are chained so concurrent attempts never interleave their lines.
  let writing: Promise<void> = Promise.resolve();
  return {
    async get(event, slot) {
      return records.get(journalKey(event, slot));
    },
    put(record) {
      records.set(journalKey(record.event, record.slot), record);
      writing = writing.then(() => appendFile(file, `${JSON.stringify(record)}\n`));
      return writing;
    },
  };
}
