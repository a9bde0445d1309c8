/** FNV-1a (32-bit) over a byte range: the term hash of the on-disk dictionary. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) {
    hash = Math.imul(hash ^ (bytes[index] as number), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The term list of an index: one UTF-8 blob, offsets, and an open-addressing hash table of
 * term ids. Building needs no sort (sorting millions of strings takes V8 tens of seconds) and
 * loading creates no JavaScript strings.
 */
export class TermDictionary {
  private readonly terms: Uint8Array;
  private readonly offsets: Uint32Array;
  private readonly slots: Uint32Array;

  /**
   * @param terms - Terms in id order, UTF-8, concatenated.
   * @param offsets - Byte offset of each term, plus the end of the last.
   * @param slots - Hash table (power-of-two length): term id + 1, or 0 for an empty slot.
   */
  constructor(terms: Uint8Array, offsets: Uint32Array, slots: Uint32Array) {
    this.terms = terms;
    this.offsets = offsets;
    this.slots = slots;
  }

  /** Builds the hash table for terms laid out as in the constructor; load factor ≤ 1/2. */
  static buildSlots(terms: Uint8Array, offsets: Uint32Array): Uint32Array {
    const count = offsets.length - 1;
    let capacity = 2;
    while (capacity < count * 2) capacity *= 2;
    const slots = new Uint32Array(capacity);
    const mask = capacity - 1;
    for (let term = 0; term < count; term++) {
      let slot = hashBytes(terms, offsets[term] as number, offsets[term + 1] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = term + 1;
    }
    return slots;
  }

  /** Number of terms. */
  get size(): number {
    return this.offsets.length - 1;
  }

  /** The id of `term`, or -1. */
  find(term: string): number {
    const key = Buffer.from(term, 'utf8');
    const mask = this.slots.length - 1;
    let slot = hashBytes(key, 0, key.length) & mask;
    for (;;) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      const id = entry - 1;
      const start = this.offsets[id] as number;
      const end = this.offsets[id + 1] as number;
      if (end - start === key.length && this.matches(key, start)) return id;
      slot = (slot + 1) & mask;
    }
  }

  /** The term with the given id. */
  termAt(id: number): string {
    return Buffer.from(this.terms.buffer, this.terms.byteOffset, this.terms.byteLength).toString(
      'utf8',
      this.offsets[id],
      this.offsets[id + 1],
    );
  }

  private matches(key: Uint8Array, start: number): boolean {
    for (let index = 0; index < key.length; index++) {
      if (this.terms[start + index] !== key[index]) return false;
    }
    return true;
  }
}
