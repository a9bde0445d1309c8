import { z } from 'zod';
import type { SuitePlan } from './plan-suite.js';
import type { SuiteCell } from './suite-cell.js';
import { pendingResult, type SuiteCellResult } from './suite-cell-result.js';
import { SuiteResultsError } from './suite-error.js';
import { type SuiteSummaryEntry, summarizeSuite } from './suite-summary.js';

/** The version of `results.json`'s layout. */
export const suiteResultsFormatVersion = 1;

/** `<suite dir>/results.json`: every cell of the plan, done or not. */
export interface SuiteResults {
  /** Layout version. */
  readonly formatVersion: typeof suiteResultsFormatVersion;
  /** Which suite: a name and a digest of its resolved config (shards of one suite share it). */
  readonly suite: { readonly name: string; readonly digest: string };
  /** True when any cell ran on simulated models: the numbers say nothing about real models. */
  readonly simulated: boolean;
  /** One entry per cell of the plan, in plan order. */
  readonly cells: readonly SuiteCellResult[];
  /** Per group of cells differing only by seed: every seed's test score, n, mean and sd (absent in files written before it). */
  readonly summary?: readonly SuiteSummaryEntry[];
}

const score = z.number().min(0).max(1).nullable();
const count = z.number().int().min(0).nullable();
const cellResultSchema = z
  .strictObject({
    id: z.string().min(1),
    benchmark: z.string(),
    method: z.string(),
    taskModel: z.string(),
    optimizerModel: z.string(),
    seed: z.number().int(),
    arm: z.enum(['original', 'augmented']),
    status: z.enum(['done', 'stopped', 'failed', 'pending']),
    stop: z
      .strictObject({
        by: z.enum(['evaluation-cap', 'cost-cap', 'token-cap', 'step-cap', 'wall-time', 'signal']),
        limit: z.number().min(0).nullable(),
        at: z.strictObject({
          evaluations: z.number().int().min(0),
          costUsd: z.number().min(0).nullable(),
          optimizerCostUsd: z.number().min(0).nullable(),
        }),
      })
      .optional(),
    stoppedDependencies: z.array(z.string().min(1)).optional(),
    ceiling: count,
    maxEvaluations: count,
    evaluationsUsed: count,
    exceededCeiling: z.boolean(),
    ceilingNote: z.string().optional(),
    seedValidation: score,
    bestValidation: score,
    seedTest: score,
    bestTest: score,
    costUsd: z.number().min(0).nullable(),
    optimizerCostUsd: z.number().min(0).nullable(),
    runDir: z.string(),
    stopReason: z.string().optional(),
    error: z.string().optional(),
    simulated: z.boolean(),
    extraTraining: z.number().int().min(0).optional(),
    synthesis: z
      .strictObject({
        events: z.number().int().min(0),
        attempts: z.number().int().min(0),
        admitted: z.number().int().min(0),
        outcomes: z.record(z.string(), z.number().int().min(0)),
      })
      .optional(),
    curve: z.array(
      z.strictObject({
        evaluationsUsed: z.number().min(0),
        bestValidation: z.number().min(0).max(1),
      }),
    ),
    tokens: z
      .strictObject({ input: z.number().int().min(0), output: z.number().int().min(0) })
      .optional(),
    notes: z.array(z.string()).optional(),
    versions: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((cell, context) => {
    // A stopped cell says which cap stopped it; a done one was stopped by none.
    if (cell.status === 'stopped' && (cell.stop === undefined || cell.stop.by === 'signal'))
      context.addIssue({
        code: 'custom',
        path: ['stop'],
        message: 'a stopped cell names the cap that stopped it (stop.by)',
      });
    if (cell.status === 'done' && cell.stop !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['stop'],
        message: 'a done cell ended on its own terms: it has no stop',
      });
  });
const resultsSchema = z.strictObject({
  formatVersion: z.literal(suiteResultsFormatVersion),
  suite: z.strictObject({ name: z.string(), digest: z.string().min(1) }),
  simulated: z.boolean(),
  cells: z.array(cellResultSchema),
  summary: z
    .array(
      z.strictObject({
        benchmark: z.string(),
        method: z.string(),
        taskModel: z.string(),
        optimizerModel: z.string(),
        arm: z.enum(['original', 'augmented']),
        perSeed: z.array(z.strictObject({ seed: z.number().int(), bestTest: score })),
        n: z.number().int().min(0),
        mean: score,
        sd: z.number().min(0).nullable(),
      }),
    )
    .optional(),
});

/**
 * The results document of a plan: one entry per cell in plan order, a pending one for each cell
 * without a result.
 */
export function collectSuiteResults(options: {
  readonly plan: SuitePlan;
  readonly name: string;
  readonly digest: string;
  readonly results: ReadonlyMap<string, SuiteCellResult>;
  readonly runDirOf: (cell: SuiteCell) => string;
}): SuiteResults {
  const cells = options.plan.cells.map(
    (cell) => options.results.get(cell.id) ?? pendingResult(cell, options.runDirOf(cell)),
  );
  return {
    formatVersion: suiteResultsFormatVersion,
    suite: { name: options.name, digest: options.digest },
    simulated: cells.some((cell) => cell.simulated),
    cells,
    summary: summarizeSuite(cells),
  };
}

/** `results.json` text: two-space JSON with a trailing newline. */
export function formatSuiteResults(results: SuiteResults): string {
  return `${JSON.stringify(results, null, 2)}\n`;
}

/**
 * Reads a `results.json` text, validating every field.
 *
 * @throws SuiteResultsError naming the file, the cell and the field of the first problem.
 */
export function parseSuiteResults(text: string, file: string): SuiteResults {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SuiteResultsError({
      file,
      message: `not valid JSON (${(error as Error).message})`,
      cause: error,
    });
  }
  const parsed = resultsSchema.safeParse(value);
  if (parsed.success) return parsed.data as SuiteResults;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const cellIndex = path[0] === 'cells' && typeof path[1] === 'number' ? path[1] : undefined;
  const cell =
    cellIndex === undefined
      ? undefined
      : ((value as { cells?: { id?: unknown }[] }).cells?.[cellIndex]?.id as string | undefined);
  throw new SuiteResultsError({
    file,
    ...(typeof cell === 'string' ? { cellId: cell } : {}),
    field: path.map(String).join('.'),
    message: issue?.message ?? 'invalid results',
  });
}
