import { cellId, rowKey, type SuiteArm, type SuiteCell, type SuiteCellRole } from './suite-cell.js';
import { SuitePlanError } from './suite-error.js';
import type { SuiteSpec } from './suite-spec.js';

/** One row of B.4: the cells sharing a (benchmark, task model, optimizer model, seed). */
export interface SuiteRow {
  /** Row key (`rowKey`). */
  readonly key: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seed. */
  readonly seed: number;
  /** The reference cell, whose completed count is the row's ceiling; null without alignment. */
  readonly reference: string | null;
  /** The row's cells, in execution order. */
  readonly cells: readonly string[];
}

/**
 * A whole suite as data: every cell with its id, dependencies and the cell its ceiling comes
 * from. Cells are in an order that runs every dependency first, row by row, so a single machine
 * can run them in order and a queue can enqueue a cell once its `dependsOn` are done.
 */
export interface SuitePlan {
  /** What was planned. */
  readonly spec: SuiteSpec;
  /** The rows, in table order (benchmark, task model, optimizer model, seed). */
  readonly rows: readonly SuiteRow[];
  /** Every cell, dependencies first. */
  readonly cells: readonly SuiteCell[];
}

/**
 * Plans a suite (B.4): per row, the reference method first (Forge, run to completion), then every
 * other method under the reference's completed evaluation count, and controls without a ceiling;
 * then the transfer study's augmented arms under the same ceiling as their original arm.
 *
 * @throws SuitePlanError naming the field at fault.
 */
export function planSuite(spec: SuiteSpec): SuitePlan {
  checkSpec(spec);
  const { reference, controls } = spec.alignment;
  const transfer = spec.transfer;
  const roleOf = (method: string): SuiteCellRole =>
    method === reference ? 'reference' : controls.includes(method) ? 'control' : 'aligned';
  const rows: SuiteRow[] = [];
  const cells: SuiteCell[] = [];
  const seen = new Map<string, { label: string; parts: Record<string, string> }>();
  for (const benchmark of spec.benchmarks) {
    for (const taskModel of spec.taskModels) {
      for (const optimizerModel of spec.optimizerModels) {
        for (const seed of spec.seeds) {
          const key = rowKey(benchmark, taskModel, optimizerModel, seed);
          const referenceId =
            reference === null
              ? null
              : cellId({
                  benchmark,
                  method: reference,
                  taskModel,
                  optimizerModel,
                  seed,
                  arm: 'original',
                });
          const rowCells: SuiteCell[] = [];
          const add = (method: string, arm: SuiteArm) => {
            const id = cellId({ benchmark, method, taskModel, optimizerModel, seed, arm });
            if (rowCells.some((cell) => cell.id === id)) return;
            const label = `${benchmark}, ${method}, ${taskModel}, ${optimizerModel}, seed ${seed}, ${arm}`;
            const parts: Record<string, string> = {
              benchmarks: benchmark,
              methods: method,
              taskModels: taskModel,
              optimizerModels: optimizerModel,
            };
            const clash = seen.get(id);
            if (clash !== undefined) {
              const field =
                Object.keys(parts).find((key) => parts[key] !== clash.parts[key]) ?? 'benchmarks';
              throw new SuitePlanError({
                field,
                message: `cells "${clash.label}" and "${label}" would share the directory ${id}; give them labels that differ in letters or digits`,
              });
            }
            seen.set(id, { label, parts });
            const role = arm === 'augmented' ? 'aligned' : roleOf(method);
            const ceilingFrom = role === 'aligned' ? referenceId : null;
            const trainingFrom =
              arm === 'augmented' && transfer !== undefined
                ? cellId({
                    benchmark,
                    method: transfer.source,
                    taskModel,
                    optimizerModel,
                    seed,
                    arm: 'original',
                  })
                : null;
            rowCells.push({
              id,
              benchmark,
              method,
              taskModel,
              optimizerModel,
              seed,
              arm,
              role,
              row: key,
              dependsOn: unique([ceilingFrom, trainingFrom].filter((from) => from !== null)),
              ceilingFrom,
              trainingFrom,
            });
          };
          if (reference !== null) add(reference, 'original');
          for (const method of spec.methods) add(method, 'original');
          if (transfer?.benchmarks.includes(benchmark)) {
            for (const method of transfer.methods) add(method, 'original');
            for (const method of transfer.methods) add(method, 'augmented');
          }
          rows.push({
            key,
            benchmark,
            taskModel,
            optimizerModel,
            seed,
            reference: referenceId,
            cells: rowCells.map((cell) => cell.id),
          });
          cells.push(...rowCells);
        }
      }
    }
  }
  return { spec, rows, cells };
}

function checkSpec(spec: SuiteSpec): void {
  for (const [field, values] of [
    ['benchmarks', spec.benchmarks],
    ['methods', spec.methods],
    ['taskModels', spec.taskModels],
    ['optimizerModels', spec.optimizerModels],
    ['seeds', spec.seeds],
  ] as const) {
    if (values.length === 0) throw new SuitePlanError({ field, message: 'give at least one' });
    const repeated = values.find((value, index) => values.indexOf(value as never) !== index);
    if (repeated !== undefined) {
      throw new SuitePlanError({ field, message: `${JSON.stringify(repeated)} is listed twice` });
    }
  }
  const { reference, controls } = spec.alignment;
  if (reference !== null && !spec.methods.includes(reference)) {
    throw new SuitePlanError({
      field: 'methods',
      message: `B.4 alignment runs "${reference}" first to set every row's ceiling: add it to methods, or set alignment.reference to null to run every method under budget.maxEvaluations`,
    });
  }
  if (reference !== null && controls.includes(reference)) {
    throw new SuitePlanError({
      field: 'alignment.controls',
      message: `the reference method "${reference}" cannot also be a control`,
    });
  }
  const transfer = spec.transfer;
  if (transfer === undefined) return;
  const unknown = transfer.benchmarks.find((benchmark) => !spec.benchmarks.includes(benchmark));
  if (unknown !== undefined) {
    throw new SuitePlanError({
      field: 'transfer.benchmarks',
      message: `"${unknown}" is not one of the suite's benchmarks (${spec.benchmarks.join(', ')})`,
    });
  }
  if (transfer.methods.length === 0)
    throw new SuitePlanError({ field: 'transfer.methods', message: 'give at least one' });
  const control = transfer.methods.find((method) => controls.includes(method));
  if (control !== undefined) {
    throw new SuitePlanError({
      field: 'transfer.methods',
      message: `"${control}" is a control: it learns nothing from training data, so both arms would be the same run`,
    });
  }
  if (!spec.methods.includes(transfer.source)) {
    throw new SuitePlanError({
      field: 'transfer.source',
      message: `"${transfer.source}" must be one of the suite's methods: its cells produce the synthetic data`,
    });
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
