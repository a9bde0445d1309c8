import { candidateRecords } from './candidate-record.js';
import { addUsage, type MiproRun } from './mipro-run.js';
import { noteProgramErrors, withSearchErrors } from './program-errors.js';
import { scoreCandidate } from './score-candidate.js';

/**
 * The seed candidate on the validation set the search uses: the first unit of work, so that a
 * run stopped at any later point has a result to report. (The reference scores the default
 * program after the proposal stage; the order changes nothing else.)
 */
export async function runSeedPhase(run: MiproRun): Promise<void> {
  if (run.state.phase !== 'seed') return;
  const { evaluated, usage, errors, evaluations, score } = await scoreCandidate(
    run,
    run.context.seedCandidate,
    run.validation,
    { target: 'validation', step: null },
  );
  const validation = score;
  const evaluationsUsed = run.state.evaluationsUsed + evaluations;
  await run.commit(
    {
      ...run.state,
      phase: 'bootstrap',
      evaluationsUsed,
      usage: addUsage(run.state.usage, usage),
      seedValidation: validation,
      ...withSearchErrors(run.state, errors),
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
        errors,
      }),
    ],
  );
  noteProgramErrors(run, 'the seed candidate', errors, validation);
  run.context.onEvent({
    type: 'candidate-validated',
    candidate: 0,
    parent: null,
    score: validation,
    improved: true,
    evaluationsUsed,
  });
}
