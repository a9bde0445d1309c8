import type { MiproState } from '../mipro-state.js';
import type { MiproRun } from './mipro-run.js';

/** A program run of the seed's evaluation or of the search that raised: scored 0 under `reference`. */
export interface ProgramError {
  /** The instance it ran on. */
  readonly instanceId: string;
  /** What it raised, as one line (`errorText`). */
  readonly error: string;
}

/** The state's `searchErrors` with some more added (unchanged when there are none). */
export function withSearchErrors(
  state: MiproState,
  errors: readonly ProgramError[],
): Pick<MiproState, 'searchErrors'> {
  const total = (state.searchErrors ?? 0) + errors.length;
  return total === 0 ? {} : { searchErrors: total };
}

/** A `program-errors` note when an evaluation had runs that raised (scored 0). */
export function noteProgramErrors(
  run: MiproRun,
  what: string,
  errors: readonly ProgramError[],
  score: number,
  step?: number,
): void {
  if (errors.length === 0) return;
  const cancelled = run.settings.maxErrors !== undefined && errors.length >= run.settings.maxErrors;
  run.note(
    'program-errors',
    `${what}: ${errors.length} program run(s) raised (first: ${errors[0]?.error}); scored 0${cancelled ? `, and the whole evaluation 0 at maxErrors ${run.settings.maxErrors}` : ''} — mean ${score.toFixed(3)}`,
    { errors: errors.length, cancelled },
    step,
  );
}
