/** Which training data a cell learns from. */
export type SuiteArm = 'original' | 'augmented';

/** What a cell is for in B.4's alignment. */
export type SuiteCellRole = 'reference' | 'aligned' | 'control';

/**
 * One run of the suite: a method on a benchmark with a task model, an optimizer model and a seed
 * (and, in the transfer study, an arm). Plain data, so a queue can carry it.
 */
export interface SuiteCell {
  /** Stable id, also the cell's directory under the suite's `cells/` (`sim/forge/sim-task/sim-optimizer/seed-0`). */
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
  /** `original` training data, or `augmented` with the source cell's synthetic data. */
  readonly arm: SuiteArm;
  /** Reference (sets the ceiling), aligned (runs under it) or control (no search, no ceiling). */
  readonly role: SuiteCellRole;
  /** The key of its row: (benchmark, task model, optimizer model, seed). */
  readonly row: string;
  /** Cells that must be done before this one starts. */
  readonly dependsOn: readonly string[];
  /** The cell whose completed evaluation count is this cell's ceiling; null when it has none. */
  readonly ceilingFrom: string | null;
  /** The cell whose admitted synthetic data is appended to this cell's training split. */
  readonly trainingFrom: string | null;
}

/** The row key of a (benchmark, task model, optimizer model, seed). */
export function rowKey(
  benchmark: string,
  taskModel: string,
  optimizerModel: string,
  seed: number,
): string {
  return `${benchmark}/${pathSegment(taskModel)}/${pathSegment(optimizerModel)}/seed-${seed}`;
}

/** A cell's id (and directory): its row's parts with the method, and the arm when augmented. */
export function cellId(
  parts: Pick<SuiteCell, 'benchmark' | 'method' | 'taskModel' | 'optimizerModel' | 'seed' | 'arm'>,
): string {
  const base = [
    pathSegment(parts.benchmark),
    pathSegment(parts.method),
    pathSegment(parts.taskModel),
    pathSegment(parts.optimizerModel),
    `seed-${parts.seed}`,
  ].join('/');
  return parts.arm === 'augmented' ? `${base}/augmented` : base;
}

/**
 * A label as one safe directory name: characters other than letters, digits, `.`, `_` and `-`
 * become `-` (`ollama:qwen3:8b` → `ollama-qwen3-8b`). Two labels may collide; the planner
 * refuses a plan whose cell ids collide.
 */
export function pathSegment(label: string): string {
  const segment = label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '');
  return segment === '' ? '-' : segment;
}
