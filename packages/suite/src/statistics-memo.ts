/**
 * Remembers a suite's statistics (bootstrap draws, paired tests) between renders of its tables,
 * by a key that holds everything they depend on, so the tables rewritten after every cell
 * recompute only the entries whose cells changed. Two generations: what a render did not use is
 * forgotten at the start of the one after, so memory stays that of one render.
 */
export class StatisticsMemo {
  #current = new Map<string, unknown>();
  #previous = new Map<string, unknown>();

  /** The value remembered under `key`, or `compute()`'s, remembered. */
  remember<T>(key: string, compute: () => T): T {
    if (this.#current.has(key)) return this.#current.get(key) as T;
    const value = this.#previous.has(key) ? (this.#previous.get(key) as T) : compute();
    this.#current.set(key, value);
    return value;
  }

  /** Starts a render: values the previous render did not use are dropped. */
  startRender(): void {
    this.#previous = this.#current;
    this.#current = new Map();
  }

  /** Values remembered by the current and the previous render. */
  get size(): number {
    return new Set([...this.#current.keys(), ...this.#previous.keys()]).size;
  }
}
