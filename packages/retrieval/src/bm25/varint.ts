// Postings are stored as unsigned LEB128 varints: document gaps and term frequencies are small
// numbers, so most take one byte and the full 5M-passage index stays a few hundred megabytes.

/** Bytes the unsigned varint encoding of `value` takes. */
export function varintSize(value: number): number {
  let size = 1;
  let rest = value;
  while (rest >= 0x80) {
    rest = Math.floor(rest / 0x80);
    size++;
  }
  return size;
}

/** Writes `value` as an unsigned varint at `position`; returns the position after it. */
export function writeVarint(target: Uint8Array, position: number, value: number): number {
  let rest = value;
  let cursor = position;
  while (rest >= 0x80) {
    target[cursor++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  target[cursor++] = rest;
  return cursor;
}

/** A cursor that reads unsigned varints from a byte array. */
export class VarintReader {
  /** Position of the next unread byte. */
  position: number;
  private readonly source: Uint8Array;

  constructor(source: Uint8Array, position = 0) {
    this.source = source;
    this.position = position;
  }

  /** Reads one varint; reading past the end is the caller's bug, guarded by `position` checks. */
  next(): number {
    let value = 0;
    let multiplier = 1;
    for (;;) {
      const byte = this.source[this.position++] as number;
      value += (byte & 0x7f) * multiplier;
      if (byte < 0x80) return value;
      multiplier *= 0x80;
    }
  }
}
