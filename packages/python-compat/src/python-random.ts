/**
 * Python's `random.Random` (CPython's MT19937 and the pure-Python algorithms on top of it), so
 * that splits the reference implementations build with `random.Random(seed).shuffle/sample`
 * come out identical here. Only integer seeds are supported (that is what the references use).
 */
export class PythonRandom {
  private readonly state = new Uint32Array(624);
  private index = 625;

  constructor(seed: number | bigint) {
    this.seed(seed);
  }

  /** `random.seed(n)` for an integer n: init_by_array over the 32-bit words of |n|. */
  seed(seed: number | bigint): void {
    let value = typeof seed === 'bigint' ? seed : BigInt(Math.trunc(seed));
    if (value < 0n) value = -value;
    const key: number[] = [];
    while (value > 0n) {
      key.push(Number(value & 0xffffffffn));
      value >>= 32n;
    }
    if (key.length === 0) key.push(0);
    this.initByArray(key);
  }

  /** `random.random()`: a float in [0, 1) with 53 random bits. */
  random(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** `random.getrandbits(k)` for k ≤ 53, as a number. */
  getrandbits(bits: number): number {
    if (!Number.isInteger(bits) || bits < 0 || bits > 53) {
      throw new RangeError(`getrandbits: k must be an integer in [0, 53], got ${bits}`);
    }
    if (bits === 0) return 0;
    if (bits <= 32) return this.nextUint32() >>> (32 - bits);
    // CPython fills 32-bit words least significant first; the last word is shifted down.
    const low = this.nextUint32();
    const high = this.nextUint32() >>> (64 - bits);
    return high * 4294967296 + low;
  }

  /** `random._randbelow(n)`: rejection sampling on `n.bit_length()` bits. */
  randbelow(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0) {
      throw new RangeError(`randbelow: bound must be a positive integer, got ${bound}`);
    }
    const bits = bound.toString(2).length;
    let value = this.getrandbits(bits);
    while (value >= bound) value = this.getrandbits(bits);
    return value;
  }

  /** `random.randrange(stop)` or `random.randrange(start, stop)` (step 1). */
  randrange(start: number, stop?: number): number {
    if (stop === undefined) return this.randbelow(start);
    return start + this.randbelow(stop - start);
  }

  /** `random.choice(sequence)`. */
  choice<T>(sequence: readonly T[]): T {
    if (sequence.length === 0) throw new RangeError('choice: cannot choose from an empty sequence');
    return sequence[this.randbelow(sequence.length)] as T;
  }

  /** `random.shuffle(list)`, in place, exactly as CPython (descending Fisher–Yates). */
  shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index--) {
      const other = this.randbelow(index + 1);
      const held = items[index] as T;
      items[index] = items[other] as T;
      items[other] = held;
    }
    return items;
  }

  /** `random.sample(population, k)`, including CPython's switch between its two algorithms. */
  sample<T>(population: readonly T[], count: number): T[] {
    const size = population.length;
    if (!Number.isInteger(count) || count < 0 || count > size) {
      throw new RangeError('sample: sample larger than population or is negative');
    }
    const result: T[] = new Array(count);
    let setSize = 21;
    if (count > 5) setSize += 4 ** Math.ceil(Math.log(count * 3) / Math.log(4));
    if (size <= setSize) {
      const pool = population.slice();
      for (let index = 0; index < count; index++) {
        const chosen = this.randbelow(size - index);
        result[index] = pool[chosen] as T;
        pool[chosen] = pool[size - index - 1] as T;
      }
    } else {
      const selected = new Set<number>();
      for (let index = 0; index < count; index++) {
        let chosen = this.randbelow(size);
        while (selected.has(chosen)) chosen = this.randbelow(size);
        selected.add(chosen);
        result[index] = population[chosen] as T;
      }
    }
    return result;
  }

  private initGenrand(seed: number): void {
    const state = this.state;
    state[0] = seed >>> 0;
    for (let index = 1; index < 624; index++) {
      const previous = state[index - 1] as number;
      const mixed = previous ^ (previous >>> 30);
      state[index] = (Math.imul(1812433253, mixed) + index) >>> 0;
    }
    this.index = 624;
  }

  private initByArray(key: readonly number[]): void {
    const state = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const previous = state[i - 1] as number;
      const mixed = previous ^ (previous >>> 30);
      state[i] =
        (((state[i] as number) ^ Math.imul(mixed, 1664525)) + (key[j] as number) + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        state[0] = state[623] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const previous = state[i - 1] as number;
      const mixed = previous ^ (previous >>> 30);
      state[i] = (((state[i] as number) ^ Math.imul(mixed, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        state[0] = state[623] as number;
        i = 1;
      }
    }
    state[0] = 0x80000000;
    this.index = 624;
  }

  private nextUint32(): number {
    const state = this.state;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y =
          ((state[k] as number) & 0x80000000) | ((state[(k + 1) % 624] as number) & 0x7fffffff);
        state[k] =
          ((state[(k + 397) % 624] as number) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
      }
      this.index = 0;
    }
    let y = state[this.index++] as number;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}
