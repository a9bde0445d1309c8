import { z } from 'zod';
import type { SuiteSpec } from './suite-spec.js';

/** The version of the GRPO result file's layout. */
export const grpoResultsFormatVersion = 1;

/** The two training arms of the paired GRPO study (B.5), named as the suite's `grpo/` export names their files. */
export const grpoArms = ['train_only', 'train_plus_synthetic'] as const;
/** A training arm. */
export type GrpoArm = (typeof grpoArms)[number];

/** One point of a training curve. */
export interface GrpoCurvePoint {
  /** Optimizer step (0: before training). */
  readonly step: number;
  /** Validation score at that step, in [0, 1]. */
  readonly validation?: number;
  /** Test score at that step, in [0, 1] (monitoring only, as in B.5). */
  readonly test?: number;
}

/** One training run of one arm. */
export interface GrpoRun {
  /** The trainer's seed (B.5: 42), when it ran several. */
  readonly seed?: number;
  /** The reported test score (B.5: at the final step), in [0, 1]. */
  readonly test: number;
  /** The validation score at the same step, in [0, 1]. */
  readonly validation?: number;
  /** Scores against training steps (Figure 4), steps increasing. */
  readonly curve?: readonly GrpoCurvePoint[];
}

/** The GRPO study of one transfer row: both arms trained on `grpo/<row>/`'s files. */
export interface GrpoRow {
  /** The row's benchmark id. */
  readonly benchmark: string;
  /** The row's task model (the model trained), as the suite labels it. */
  readonly taskModel: string;
  /** The row's optimizer model (whose Forge cell synthesized the data). */
  readonly optimizerModel: string;
  /** The row's seed (the Forge cell's seed, not the trainer's). */
  readonly seed: number;
  /** Optimizer steps each arm ran (B.5: 100). */
  readonly steps?: number;
  /** Each arm's runs. */
  readonly arms: { readonly [arm in GrpoArm]: readonly GrpoRun[] };
}

/** A GRPO result file (`grpo/results.json` in a suite directory, or `--grpo <file>`). */
export interface GrpoResults {
  /** Layout version (1). */
  readonly formatVersion: typeof grpoResultsFormatVersion;
  /** The training method's name, the column's header (default `GRPO`). */
  readonly method?: string;
  /** What trained, in a few words (`forge-grpo 0.1.0, Table 6 settings`). */
  readonly trainer?: string;
  /** One entry per transfer row trained. */
  readonly rows: readonly GrpoRow[];
}

const score = z.number().min(0).max(1);
const pointSchema = z.strictObject({
  step: z.number().int().min(0),
  validation: score.optional(),
  test: score.optional(),
});
const runSchema = z.strictObject({
  seed: z.number().int().optional(),
  test: score,
  validation: score.optional(),
  curve: z
    .array(pointSchema)
    .max(100_000)
    .superRefine((curve, context) => {
      curve.forEach((point, index) => {
        const previous = curve[index - 1];
        if (previous !== undefined && point.step <= previous.step) {
          context.addIssue({
            code: 'custom',
            path: [index, 'step'],
            message: `steps must increase (step ${point.step} after ${previous.step})`,
          });
        }
      });
    })
    .optional(),
});
const label = z.string().min(1).max(500);

/** The schema of a GRPO result file, strict: an unknown field is an error. */
export const grpoResultsSchema = z.strictObject({
  formatVersion: z.literal(grpoResultsFormatVersion),
  method: z.string().min(1).max(40).optional(),
  trainer: z.string().max(500).optional(),
  rows: z
    .array(
      z.strictObject({
        benchmark: label,
        taskModel: label,
        optimizerModel: label,
        seed: z.number().int(),
        steps: z.number().int().positive().optional(),
        arms: z.strictObject({
          train_only: z.array(runSchema).min(1).max(1_000),
          train_plus_synthetic: z.array(runSchema).min(1).max(1_000),
        }),
      }),
    )
    .min(1)
    .max(10_000),
});

/** A problem of a valid GRPO file against a suite: where (a path in the file) and what. */
export interface GrpoResultsProblem {
  /** The path of the field at fault (`rows.2.benchmark`). */
  readonly path: readonly (string | number)[];
  /** What is wrong. */
  readonly message: string;
}

/**
 * The first row of a GRPO file that is not a transfer row of the suite (its benchmark not in the
 * transfer study, a model or seed the suite does not run), or that repeats another row; undefined
 * when every row is one of the suite's.
 */
export function grpoResultsProblem(
  results: GrpoResults,
  spec: SuiteSpec,
): GrpoResultsProblem | undefined {
  if (spec.transfer === undefined) {
    return {
      path: ['rows'],
      message: 'the suite has no transfer study (Table 4): no row can be one of its',
    };
  }
  const seen = new Set<string>();
  for (const [index, row] of results.rows.entries()) {
    const checks: [keyof GrpoRow, readonly (string | number)[], string][] = [
      ['benchmark', spec.transfer.benchmarks, "a benchmark of the suite's transfer study"],
      ['taskModel', spec.taskModels, 'a task model of the suite'],
      ['optimizerModel', spec.optimizerModels, 'an optimizer model of the suite'],
      ['seed', spec.seeds, 'a seed of the suite'],
    ];
    for (const [field, known, what] of checks) {
      const value = row[field] as string | number;
      if (!known.includes(value)) {
        return {
          path: ['rows', index, field],
          message: `${JSON.stringify(value)} is not ${what} (${known.map((entry) => JSON.stringify(entry)).join(', ')})`,
        };
      }
    }
    const key = JSON.stringify([row.benchmark, row.taskModel, row.optimizerModel, row.seed]);
    if (seen.has(key)) {
      return {
        path: ['rows', index],
        message: 'repeats an earlier row (same benchmark, models and seed)',
      };
    }
    seen.add(key);
  }
  return undefined;
}

/** The mean test score (0–1) of an arm's runs in a row. */
export function grpoArmTest(row: GrpoRow, arm: GrpoArm): number {
  const runs = row.arms[arm];
  return runs.reduce((sum, run) => sum + run.test, 0) / runs.length;
}

/** The header of the training column: the file's `method`, else `GRPO`. */
export function grpoLabel(results: GrpoResults): string {
  return results.method ?? 'GRPO';
}
