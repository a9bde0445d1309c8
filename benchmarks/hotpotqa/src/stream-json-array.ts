import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { DatasetError } from '@forge/program';

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Streams the elements of a file holding one JSON array, parsing each element on its own, so a
 * file larger than the longest JavaScript string (HotPotQA's 540 MB training set) can be read
 * with memory proportional to one record. Calls `visit` with each element and its 1-based record
 * number, in order.
 *
 * @throws DatasetError naming the file and record number of malformed JSON.
 */
export async function streamJsonArray(
  file: string,
  visit: (value: unknown, record: number) => void,
): Promise<number> {
  try {
    await access(file);
  } catch (error) {
    throw new DatasetError({ file, message: 'file not found', cause: error });
  }
  let opened = false;
  let closed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let record = 0;
  let element: Buffer[] = [];
  let elementStarted = false;

  const finishElement = (tail: Buffer) => {
    element.push(tail);
    const text = Buffer.concat(element).toString('utf8');
    element = [];
    elementStarted = false;
    record++;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new DatasetError({
        file,
        line: record,
        message: `not valid JSON (${(error as Error).message})`,
      });
    }
    visit(value, record);
  };

  for await (const chunk of createReadStream(file, {
    highWaterMark: 1 << 20,
  }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index] as number;
      if (closed) {
        if (!isSpace(byte))
          throw new DatasetError({ file, message: 'unexpected data after the JSON array' });
        continue;
      }
      if (!opened) {
        if (isSpace(byte) || byte === 0xef || byte === 0xbb || byte === 0xbf) continue;
        if (byte !== 0x5b)
          throw new DatasetError({ file, message: 'expected a JSON array of records' });
        opened = true;
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === backslash) escaped = true;
        else if (byte === quote) inString = false;
        continue;
      }
      if (depth === 0) {
        if (byte === comma || byte === 0x5d) {
          if (elementStarted) finishElement(chunk.subarray(start, index));
          else if (byte === comma || record > 0) {
            throw new DatasetError({
              file,
              line: record + 1,
              message: 'missing value in the array',
            });
          }
          if (byte === 0x5d) closed = true;
          continue;
        }
        if (isSpace(byte)) continue;
        if (!elementStarted) {
          elementStarted = true;
          start = index;
        }
      }
      if (byte === quote) inString = true;
      else if (byte === 0x7b || byte === 0x5b) depth++;
      else if (byte === 0x7d || byte === 0x5d) depth--;
    }
    if (elementStarted) {
      element.push(chunk.subarray(start));
      start = 0;
    }
  }
  if (!opened) throw new DatasetError({ file, message: 'expected a JSON array of records' });
  if (!closed)
    throw new DatasetError({ file, line: record + 1, message: 'the JSON array is truncated' });
  return record;
}
