/**
 * Time spent inside the simulated models and the metric, so the harness can subtract it and
 * report what remains: Forge's own CPU. The simulated work is synchronous, so timing it around
 * the call measures it exactly, however calls interleave.
 */
export class ModelTime {
  /** Milliseconds measured so far. */
  totalMs = 0;

  /** Runs `work` and adds its duration. */
  measure<T>(work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.totalMs += performance.now() - started;
    }
  }
}
