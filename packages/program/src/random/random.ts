/**
 * A seeded, splittable pseudo-random generator. Every random decision in Forge draws from a
 * stream named by the run's seed and a path (`['select', step]`, `['sampler', epoch]`,
 * `['synthesis', event, slot]`), so a decision never depends on how many numbers other, possibly
 * concurrent, parts of the run drew before it. Resuming a run therefore needs only the seed and
 * the counters already in the state.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, bound). */
  int(bound: number): number;
  /** One element chosen uniformly. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** Creates the stream named by `seed` and `path`. The same arguments always give the same stream. */
export function createRandom(seed: number | string, ...path: readonly (string | number)[]): Random {
  // sfc32 seeded from a 128-bit cyrb-style hash of the seed and path.
  let [a, b, c, d] = hash128([String(seed), ...path.map(String)].join('\u0000'));
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let index = 0; index < 12; index++) nextUint32();
  const random: Random = {
    next: () => nextUint32() / 4294967296,
    int(bound: number): number {
      if (!Number.isInteger(bound) || bound <= 0) {
        throw new RangeError(`Random.int: bound must be a positive integer, got ${bound}`);
      }
      // Rejection sampling: no modulo bias.
      const limit = 4294967296 - (4294967296 % bound);
      let value = nextUint32();
      while (value >= limit) value = nextUint32();
      return value % bound;
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('Random.pick: empty list');
      return items[random.int(items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let index = copy.length - 1; index > 0; index--) {
        const other = random.int(index + 1);
        const held = copy[index] as T;
        copy[index] = copy[other] as T;
        copy[other] = held;
      }
      return copy;
    },
  };
  return random;
}

function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const k = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
