type TypedArrayConstructor<T> = new (length: number) => T;

/**
 * A typed array that doubles its capacity as it fills, for per-term and per-passage counters of
 * an index build whose final size is unknown until the corpus has been read.
 */
export class GrowableArray<T extends Uint32Array | Int32Array | Float64Array> {
  /** The backing array; only the first `length` entries are in use. */
  data: T;
  /** Entries in use. */
  length = 0;
  private readonly create: TypedArrayConstructor<T>;

  constructor(create: TypedArrayConstructor<T>, initialCapacity = 1024) {
    this.create = create;
    this.data = new create(initialCapacity);
  }

  /** Appends one value. */
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Makes entries up to `length` addressable (new entries start at 0). */
  ensureLength(length: number): void {
    if (length > this.data.length) this.grow(length);
    if (length > this.length) this.length = length;
  }

  /** The used entries as a view (no copy). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  private grow(minimum: number): void {
    let capacity = Math.max(this.data.length * 2, 1024);
    while (capacity < minimum) capacity *= 2;
    const next = new this.create(capacity);
    next.set(this.data);
    this.data = next;
  }
}
