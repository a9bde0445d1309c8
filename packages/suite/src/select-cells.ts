import type { SuitePlan } from './plan-suite.js';
import type { SuiteCell } from './suite-cell.js';
import { SuitePlanError } from './suite-error.js';

/** The cell fields `--only` can filter on. */
export const cellFilterKeys = [
  'benchmark',
  'method',
  'taskModel',
  'optimizerModel',
  'seed',
  'arm',
] as const;

/** A field `--only` filters on. */
export type CellFilterKey = (typeof cellFilterKeys)[number];

/** `--only`: per field, the values a cell may have (a cell must match every field given). */
export type CellFilter = Readonly<Partial<Record<CellFilterKey, readonly string[]>>>;

/** One shard of `n`, 1-based. */
export interface Shard {
  /** Which shard (1 … count). */
  readonly index: number;
  /** How many shards. */
  readonly count: number;
}

/** What part of a suite to run. */
export interface CellSelection {
  /** Keep cells matching this filter. */
  readonly only?: CellFilter;
  /** Keep these cell ids. */
  readonly cells?: readonly string[];
  /** Keep the rows of this shard. */
  readonly shard?: Shard;
}

/** The cells to run, in plan order. */
export interface SelectedCells {
  /** Every cell to visit: the chosen ones and the dependencies they need, in plan order. */
  readonly cells: readonly SuiteCell[];
  /** Ids the selection chose. */
  readonly chosen: readonly string[];
  /** Ids added because a chosen cell depends on them (a row's reference, a transfer source). */
  readonly addedDependencies: readonly string[];
}

/**
 * Parses `--only benchmark=hotpotqa,method=forge|gepa`: comma-separated `field=value` pairs; a
 * field given twice, or values joined by `|`, accepts any of them.
 *
 * @throws SuitePlanError (field `only`) naming the bad pair.
 */
export function parseCellFilter(text: string): CellFilter {
  const filter: Partial<Record<CellFilterKey, string[]>> = {};
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const equals = pair.indexOf('=');
    const key = pair.slice(0, equals).trim();
    const values = pair
      .slice(equals + 1)
      .split('|')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (equals <= 0 || values.length === 0) {
      throw new SuitePlanError({ field: 'only', message: `expected field=value, got "${pair}"` });
    }
    if (!(cellFilterKeys as readonly string[]).includes(key)) {
      throw new SuitePlanError({
        field: 'only',
        message: `unknown field "${key}" (fields: ${cellFilterKeys.join(', ')})`,
      });
    }
    const list = filter[key as CellFilterKey] ?? [];
    list.push(...values);
    filter[key as CellFilterKey] = list;
  }
  if (Object.keys(filter).length === 0)
    throw new SuitePlanError({ field: 'only', message: 'give at least one field=value' });
  return filter;
}

/**
 * Parses `--shard i/n` (1 ≤ i ≤ n).
 *
 * @throws SuitePlanError (field `shard`).
 */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new SuitePlanError({
      field: 'shard',
      message: `expected i/n with 1 ≤ i ≤ n (e.g. 1/4), got "${text}"`,
    });
  }
  return { index, count };
}

/**
 * The shard of a row: rows are dealt round-robin in plan order, so a shard holds whole rows and
 * every aligned cell lands on the machine that runs its reference. Deterministic: the same plan
 * always splits the same way.
 */
export function shardOfRow(plan: SuitePlan, row: string, count: number): number {
  const index = plan.rows.findIndex((candidate) => candidate.key === row);
  return (index % count) + 1;
}

/**
 * Applies a selection to a plan, adding what the chosen cells depend on. Dependencies always come
 * from the same row, so a shard never needs another shard's cells.
 *
 * @throws SuitePlanError naming `cells` or `only` when they match nothing.
 */
export function selectCells(plan: SuitePlan, selection: CellSelection = {}): SelectedCells {
  const known = new Set(plan.cells.map((cell) => cell.id));
  for (const id of selection.cells ?? []) {
    if (!known.has(id)) {
      throw new SuitePlanError({
        field: 'cells',
        message: `no cell "${id}" in this suite (ids look like ${plan.cells[0]?.id ?? '…'})`,
      });
    }
  }
  const chosen = plan.cells.filter(
    (cell) =>
      (selection.cells === undefined || selection.cells.includes(cell.id)) &&
      (selection.only === undefined || matches(cell, selection.only)) &&
      (selection.shard === undefined ||
        shardOfRow(plan, cell.row, selection.shard.count) === selection.shard.index),
  );
  if (chosen.length === 0 && (selection.only !== undefined || selection.cells !== undefined)) {
    throw new SuitePlanError({
      field: selection.only === undefined ? 'cells' : 'only',
      message: 'the selection matches no cell of this suite',
    });
  }
  const needed = new Set(chosen.map((cell) => cell.id));
  const byId = new Map(plan.cells.map((cell) => [cell.id, cell]));
  const pending = [...needed];
  while (pending.length > 0) {
    const cell = byId.get(pending.pop() as string);
    for (const dependency of cell?.dependsOn ?? []) {
      if (!needed.has(dependency)) {
        needed.add(dependency);
        pending.push(dependency);
      }
    }
  }
  const chosenIds = new Set(chosen.map((cell) => cell.id));
  return {
    cells: plan.cells.filter((cell) => needed.has(cell.id)),
    chosen: chosen.map((cell) => cell.id),
    addedDependencies: plan.cells
      .filter((cell) => needed.has(cell.id) && !chosenIds.has(cell.id))
      .map((cell) => cell.id),
  };
}

function matches(cell: SuiteCell, filter: CellFilter): boolean {
  return cellFilterKeys.every((key) => {
    const values = filter[key];
    return values === undefined || values.includes(String(cell[key]));
  });
}
