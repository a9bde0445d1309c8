import type { SuiteArm, SuiteCell } from './suite-cell.js';
import { cellIdentity } from './suite-cell-identity.js';
import type { SuiteCellStop } from './suite-cell-stop.js';

/**
 * Where a cell stands:
 * - `done`: its run ended on its own terms — its method's completion rule (Forge's B.4
 *   completion), convergence, epochs or trials done, or the evaluation budget it was given
 *   (an aligned cell's ceiling, every cell's cap in a suite without alignment);
 * - `stopped`: a cap cut it short (`stop` says which, and where the run stood); it has scores,
 *   the tables mark it, and it is not run again;
 * - `failed`: an error (`error` says which);
 * - `pending`: not run yet, held back (`error` says why), or stopped part-way on request
 *   (`stop.by: 'signal'`): the next invocation continues it.
 */
export type SuiteCellStatus = 'done' | 'stopped' | 'failed' | 'pending';

/** True for a cell that ran to an end, its own or a cap's (`done` or `stopped`): it has scores and is not run again. */
export function isFinishedCell(result: { readonly status: SuiteCellStatus } | undefined): boolean {
  return result?.status === 'done' || result?.status === 'stopped';
}

/** One point of a cell's score-vs-evaluations curve. */
export interface SuiteCurvePoint {
  /** Task evaluations spent. */
  readonly evaluationsUsed: number;
  /** Best mean validation score so far. */
  readonly bestValidation: number;
}

/** A cell's synthesis accounting (Figure 3a), for methods that synthesize. */
export interface SuiteSynthesisAccounting {
  /** Synthesis events run. */
  readonly events: number;
  /** Generation attempts. */
  readonly attempts: number;
  /** Instances admitted. */
  readonly admitted: number;
  /** Attempts by final outcome (`admitted`, `generation-failed`, `rejected-validity`, …). */
  readonly outcomes: Readonly<Record<string, number>>;
}

/**
 * What `results.json` records of one cell. Scores are means in [0, 1]; `null` where the cell
 * has not produced the value (pending, failed, or test not evaluated).
 */
export interface SuiteCellResult {
  /** The cell's id. */
  readonly id: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seed. */
  readonly seed: number;
  /** Training data: original, or augmented with the source cell's synthetic data. */
  readonly arm: SuiteArm;
  /** `done`, `stopped` (a cap cut it short), `failed` (an error) or `pending` (see `SuiteCellStatus`). */
  readonly status: SuiteCellStatus;
  /**
   * Set when a limit ended the run before it finished on its own terms: a cap (`status:
   * 'stopped'`) or a stop request (`status: 'pending'`). Absent on `done` cells.
   */
  readonly stop?: SuiteCellStop;
  /**
   * Dependencies — its ceiling's reference or its augmented data's source — that a cap stopped
   * short (`stopped`). On a finished cell: it ran anyway (the suite's `allowTruncatedCeilings`),
   * so its ceiling (or data) is a truncated run's and the tables flag it. On a `pending` cell:
   * it was refused because of them (`error` says so).
   */
  readonly stoppedDependencies?: readonly string[];
  /** The B.4 ceiling it ran under: the row reference's completed count; null for the reference and controls. */
  readonly ceiling: number | null;
  /** The evaluation cap the run was given (the ceiling, or the suite's cap). */
  readonly maxEvaluations: number | null;
  /** Task evaluations the method reports it spent (SPEC §3's count). */
  readonly evaluationsUsed: number | null;
  /** True when `evaluationsUsed` is above `ceiling`: the method broke the alignment. */
  readonly exceededCeiling: boolean;
  /**
   * Set when the method's settings let it spend past its ceiling (a reference implementation's
   * budget rule): how, in one sentence (the method's `MethodResult.ceilingNote`).
   */
  readonly ceilingNote?: string;
  /** The seed candidate's mean validation score. */
  readonly seedValidation: number | null;
  /** The selected candidate's mean validation score (selection is on validation only). */
  readonly bestValidation: number | null;
  /** The seed candidate's mean test score (reporting only). */
  readonly seedTest: number | null;
  /** The selected candidate's mean test score (reporting only; AIME: mean of its repeats). */
  readonly bestTest: number | null;
  /** Cost of every model call of the optimization, task and optimizer roles, in USD. */
  readonly costUsd: number | null;
  /** The optimizer roles' share of `costUsd`. */
  readonly optimizerCostUsd: number | null;
  /** The run directory, relative to the suite directory. */
  readonly runDir: string;
  /** Why the method stopped, when it ran. */
  readonly stopReason?: string;
  /** What went wrong, when failed (or why it is still pending, when blocked). */
  readonly error?: string;
  /** True when any model was simulated: the numbers say nothing about real models. */
  readonly simulated: boolean;
  /** Extra training instances the run learned from (the augmented arm). */
  readonly extraTraining?: number;
  /** Synthesis accounting, for methods that synthesize. */
  readonly synthesis?: SuiteSynthesisAccounting;
  /** Best validation against evaluations spent. */
  readonly curve: readonly SuiteCurvePoint[];
  /** Tokens billed over every role of the run (cache hits excluded), from its database. */
  readonly tokens?: { readonly input: number; readonly output: number };
  /** What a reader must know about the cell, one sentence each (e.g. it ran prompt search only). */
  readonly notes?: readonly string[];
  /**
   * The versions of the packages that produced it, by package name: Forge (`@forge/sdk`), its
   * method's and its benchmark's packages (absent in files written before they were recorded).
   */
  readonly versions?: Readonly<Record<string, string>>;
}

/** The result of a cell that has not run (or not finished). */
export function pendingResult(cell: SuiteCell, runDir: string, error?: string): SuiteCellResult {
  return {
    ...cellIdentity(cell),
    status: 'pending',
    ceiling: null,
    maxEvaluations: null,
    evaluationsUsed: null,
    exceededCeiling: false,
    seedValidation: null,
    bestValidation: null,
    seedTest: null,
    bestTest: null,
    costUsd: null,
    optimizerCostUsd: null,
    runDir,
    ...(error === undefined ? {} : { error }),
    simulated: false,
    curve: [],
  };
}
