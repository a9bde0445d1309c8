/**
 * Time spent inside the simulated models and the metric, so the harness can subtract it and
 * report what remains: Forge's own cost. The simulated work is synchronous, so timing it around
 * the call measures it exactly, however calls interleave. Both clocks are kept: wall time, and
 * process CPU time, which does not grow when other processes take the cores.
 */
export class ModelTime {
  /** Wall milliseconds measured so far. */
  totalMs = 0;
  /** Process CPU milliseconds measured so far. */
  cpuMs = 0;

  /** Runs `work` and adds its duration. */
  measure<T>(work: () => T): T {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      return work();
    } finally {
      const used = process.cpuUsage(cpu);
      this.cpuMs += (used.user + used.system) / 1000;
      this.totalMs += performance.now() - started;
    }
  }
}
