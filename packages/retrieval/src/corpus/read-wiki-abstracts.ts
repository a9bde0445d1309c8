import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { DatasetError, validate } from '@forge/program';
import { z } from 'zod';
import { formatPassage } from '../passage.js';

/**
 * One line of `wiki.abstracts.2017.jsonl` (the DSPy / ColBERT corpus of 2017 Wikipedia
 * abstracts): a title and the abstract's sentences. Other fields (`id`, `url`) are ignored.
 */
const abstractRecordSchema = z.object({
  title: z.string(),
  text: z.union([z.array(z.string()), z.string()]),
});

/**
 * Streams the passages of a wiki-abstracts JSONL file, one `"Title | sentence sentence …"` per
 * line (sentences joined by one space, as the GEPA artifact builds its corpus), without holding
 * the file in memory. Blank lines are skipped.
 *
 * @throws DatasetError naming the file, line and field of a malformed record.
 */
export async function* readWikiAbstracts(file: string): AsyncGenerator<string> {
  try {
    await access(file);
  } catch (error) {
    throw new DatasetError({ file, message: 'file not found', cause: error });
  }
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DatasetError({
        file,
        line: lineNumber,
        message: `not valid JSON (${(error as Error).message})`,
      });
    }
    const record = validate(abstractRecordSchema, value, file, lineNumber);
    yield formatPassage(
      record.title,
      typeof record.text === 'string' ? record.text : record.text.join(' '),
    );
  }
}
