import type { PythonRandom } from '@forge/python-compat';

/**
 * CPython's `random.gauss(mu, sigma)` on top of a `PythonRandom`: Box–Muller with the second
 * value kept for the next call. The cached value lives here, per generator, because
 * `PythonRandom` does not carry it. Math.cos/sin/log may differ from C's libm in the last bit.
 */
export class PythonGauss {
  private next: number | undefined;

  constructor(private readonly random: PythonRandom) {}

  /** One draw from N(mu, sigma²). */
  gauss(mu = 0, sigma = 1): number {
    let z = this.next;
    this.next = undefined;
    if (z === undefined) {
      const angle = this.random.random() * 2 * Math.PI;
      const radius = Math.sqrt(-2 * Math.log(1 - this.random.random()));
      z = Math.cos(angle) * radius;
      this.next = Math.sin(angle) * radius;
    }
    return mu + z * sigma;
  }
}
