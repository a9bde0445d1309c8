import { createReadStream } from 'node:fs';
import { DatasetError } from './dataset-error.js';
import { JsonShapeScanner } from './json-shape-scanner.js';

/** How deep arrays and objects may nest in a dataset record. */
export const maxRecordDepth = 100;
/** The longest text field a dataset record may hold, in characters (8 MiB). */
export const maxFieldLength = 8 * 1024 * 1024;
/** The longest line a JSONL file may hold, in bytes (64 MiB): several fields near the limit. */
export const maxLineBytes = 64 * 1024 * 1024;

/** One line of a JSONL file: its 1-based number and its text, decoded as UTF-8. */
export interface JsonlLine {
  readonly line: number;
  readonly text: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Streams the lines of a JSONL file, holding one line at a time and refusing a line as soon as
 * its bytes show it too big to read: nested more than `maxRecordDepth` levels, a string longer
 * than `maxFieldLength` characters (naming its field), or more than `maxLineBytes` in all.
 * Bytes that are not UTF-8 are refused naming the line. Memory stays near the longest line
 * read, never the file: a line with a 50 MB field is dropped after its first 8 MiB.
 *
 * @throws DatasetError
 */
export async function* readJsonlLines(file: string): AsyncGenerator<JsonlLine> {
  let line = 1;
  let parts: Buffer[] = [];
  let size = 0;
  let scanner = newScanner();
  const take = (piece: Buffer): void => {
    size += piece.length;
    if (size > maxLineBytes) {
      throw new DatasetError({
        file,
        line,
        message: `a line longer than the ${maxLineBytes.toLocaleString('en-US')} bytes (64 MiB) a record may take`,
      });
    }
    const problem = scanner.scan(piece);
    if (problem?.kind === 'too-deep') {
      throw new DatasetError({
        file,
        line,
        message: `nested more than ${maxRecordDepth} levels deep (arrays and objects within each other)`,
      });
    }
    if (problem?.kind === 'too-long') {
      throw new DatasetError({
        file,
        line,
        ...(problem.path.length === 0 ? {} : { field: problem.path.join('.') }),
        message: `a text longer than the ${maxFieldLength.toLocaleString('en-US')} characters a field may hold`,
      });
    }
    parts.push(piece);
  };
  try {
    for await (const chunk of createReadStream(file, {
      highWaterMark: 1 << 16,
    }) as AsyncIterable<Buffer>) {
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
        take(chunk.subarray(start, newline));
        yield { line, text: decodeLine(Buffer.concat(parts, size), file, line) };
        line++;
        parts = [];
        size = 0;
        scanner = newScanner();
        start = newline + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
    }
  } catch (error) {
    throw readFailure(error, file);
  }
  if (size > 0) yield { line, text: decodeLine(Buffer.concat(parts, size), file, line) };
}

function newScanner(): JsonShapeScanner {
  return new JsonShapeScanner({ maxDepth: maxRecordDepth, maxStringLength: maxFieldLength });
}

// Bytes that are not UTF-8 are refused, naming the line: replacing them silently would change
// the data (and its ids and answers) without anyone knowing.
function decodeLine(bytes: Buffer, file: string, line: number): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new DatasetError({ file, line, message: 'not valid UTF-8 (save the file as UTF-8)' });
  }
}

/** A file that cannot be read as the `DatasetError` naming it; a `DatasetError` as it is. */
export function readFailure(error: unknown, file: string): unknown {
  if (DatasetError.isInstance(error)) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new DatasetError({
    file,
    message:
      code === 'ENOENT' ? 'file not found' : `cannot read (${code ?? (error as Error).message})`,
    cause: error,
  });
}
