/** The reference's run presets (`auto`). */
export type MiproPreset = 'light' | 'medium' | 'heavy';

/** What a preset fixes. */
export interface MiproPresetValues {
  /** Candidates N: demo sets per module, and 2·(instruction candidates) when demos are searched. */
  readonly candidates: number;
  /** Validation instances the search uses at most (a seeded subsample of larger sets). */
  readonly validationSize: number;
}

/** The presets of DSPy's MIPROv2: N = 6 / 12 / 18 candidates, validation 100 / 300 / 1000. */
export const miproPresets: Readonly<Record<MiproPreset, MiproPresetValues>> = {
  light: { candidates: 6, validationSize: 100 },
  medium: { candidates: 12, validationSize: 300 },
  heavy: { candidates: 18, validationSize: 1000 },
};

/**
 * A preset turns on minibatch scoring only when the validation set it uses is larger than this
 * (the reference's `MIN_MINIBATCH_SIZE`); smaller sets score every trial on all of it.
 */
export const minibatchThreshold = 50;

/**
 * The reference's own trial count for N candidates: max(2·v·log2 N, 1.5·N), where v is the number
 * of searched variables (one instruction per module, and one demo set per module when demos are
 * searched). Used with `trials: 'preset'`; by default the count comes from the ceiling (B.4).
 */
export function presetTrials(variables: number, candidates: number): number {
  return Math.floor(Math.max(2 * variables * Math.log2(candidates), 1.5 * candidates));
}
