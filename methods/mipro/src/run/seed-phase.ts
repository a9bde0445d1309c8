import { candidateRecords } from './candidate-record.js';
import { addUsage, type MiproRun } from './mipro-run.js';

/**
 * The seed candidate on the validation set the search uses: the first unit of work, so that a
 * run stopped at any later point has a result to report. (The reference scores the default
 * program after the proposal stage; the order changes nothing else.)
 */
export async function runSeedPhase(run: MiproRun): Promise<void> {
  if (run.state.phase !== 'seed') return;
  const { evaluated, usage } = await run.evaluate(run.context.seedCandidate, run.validation, {
    target: 'validation',
    step: null,
  });
  const validation = mean(evaluated.map((result) => result.evaluation.score));
  const evaluationsUsed = run.state.evaluationsUsed + evaluated.length;
  await run.commit(
    {
      ...run.state,
      phase: 'bootstrap',
      evaluationsUsed,
      usage: addUsage(run.state.usage, usage),
      seedValidation: validation,
    },
    [
      ...candidateRecords({
        index: 0,
        origin: 'seed',
        trial: null,
        params: [],
        selection: Object.fromEntries(
          run.modules.map((module) => [module, { instruction: 0, demoSet: 0 }]),
        ),
        candidate: run.context.seedCandidate,
        evaluated,
        validation,
        evaluationsUsed,
      }),
    ],
  );
  run.context.onEvent({
    type: 'candidate-validated',
    candidate: 0,
    parent: null,
    score: validation,
    improved: true,
    evaluationsUsed,
  });
}

/** The mean of some scores (0 for none). */
export function mean(values: readonly number[]): number {
  return values.length === 0
    ? 0
    : values.reduce((total, value) => total + value, 0) / values.length;
}
