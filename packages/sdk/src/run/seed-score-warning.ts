import type { ForgeEvent, SeedScoreWarningEvent } from './sdk-events.js';

/**
 * Wraps a run's event sink: when the seed (candidate 0) validates at exactly 0 on a benchmark
 * other than the simulated world's, it emits a `seed-scored-zero` warning right after, saying why
 * that usually happens. The simulated models (`sim:`, `forge sim serve`) serve only the date world,
 * and a task model that cannot answer the program's format scores 0 everywhere.
 */
export function warnOnZeroSeed(
  emit: (event: ForgeEvent) => void,
  run: { readonly benchmark: string; readonly simulated: boolean },
): (event: ForgeEvent) => void {
  let warned = false;
  return (event) => {
    emit(event);
    if (warned || event.type !== 'candidate-validated' || event.candidate !== 0) return;
    warned = true;
    if (event.score !== 0 || run.benchmark === 'sim') return;
    emit(seedScoreWarning(run));
  };
}

/** The warning for a seed that scored 0 on `benchmark`. */
export function seedScoreWarning(run: {
  readonly benchmark: string;
  readonly simulated: boolean;
}): SeedScoreWarningEvent {
  const scope = run.simulated
    ? `the simulated models (sim:task, sim:optimizer, forge sim serve) serve only the simulated date-normalisation world (benchmark "sim"); they cannot answer ${run.benchmark}.`
    : 'check that the task model answers in the format the program parses (a server started with `forge sim serve` serves only the simulated date world).';
  return {
    type: 'warning',
    code: 'seed-scored-zero',
    benchmark: run.benchmark,
    simulated: run.simulated,
    message: `the seed scored 0 on every validation instance of ${run.benchmark}: ${scope} To run your own program offline, use scriptedTaskModel and scriptedOptimizer from @forge/sdk/testing (docs/try-without-a-model.md).`,
  };
}
