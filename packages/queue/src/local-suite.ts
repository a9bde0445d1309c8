import { isDeepStrictEqual } from 'node:util';
import {
  cellIdentity,
  defaultCellRunDir,
  type SuiteCell,
  type SuiteCellResult,
} from '@forge/suite';
import { quoteUntrusted } from './safe-cell-id.js';
import { suiteKeyOf } from './suite-queue-keys.js';
import type { SuiteRecord } from './suite-record.js';

/** A suite as the worker's own disk has it: read from its `suite.json`, planned here. */
export interface LocalSuite {
  /** Digest of the config in `suite.json`, computed here (not the digest the file or Redis carries). */
  readonly digest: string;
  /** Every cell of the plan made from that config. */
  readonly cells: readonly SuiteCell[];
  /**
   * The suite's evaluation cap (`budget.maxEvaluations` of that config): no recorded result may
   * claim a budget above it, and a reference cell may not claim to have spent more (its count is
   * the ceiling of its row's other cells). Without it, budgets are not checked.
   */
  readonly maxEvaluations?: number;
}

/**
 * Why a queue record does not describe the suite on disk, or `undefined` when it does: the
 * digests must agree, the record's key must be the key of this digest and directory, and every
 * cell it lists must be a cell of the local plan, field for field. Redis then names only which
 * of the suite's own cells to run.
 */
export function recordMismatch(record: SuiteRecord, local: LocalSuite): string | undefined {
  if (record.digest !== local.digest) {
    return `its suite.json holds another suite (digest ${local.digest}) than the queue's record (${quoteUntrusted(record.digest)})`;
  }
  if (record.key !== suiteKeyOf(local.digest, record.dir))
    return `the record's key ${record.key} is not the key of this suite and directory`;
  const planned = new Map(local.cells.map((cell) => [cell.id, cell]));
  for (const cell of record.cells) {
    const own = planned.get(cell.id);
    if (own === undefined) return `cell ${quoteUntrusted(cell.id)} is not in its suite.json's plan`;
    if (!isDeepStrictEqual(plainCell(cell), plainCell(own)))
      return `cell ${quoteUntrusted(cell.id)} differs from its suite.json's plan`;
  }
  return undefined;
}

/**
 * Why recorded results do not belong to the local suite, or `undefined` when they do: every
 * result is a cell of the plan, field for field (benchmark, method, models, seed, arm), in its
 * own run directory (`cells/<id>`), so no path a result carries leads anywhere else; and within
 * the plan's budget (`local.maxEvaluations`), so a result cannot widen the ceiling of the cells
 * that follow it.
 */
export function resultsMismatch(
  results: ReadonlyMap<string, SuiteCellResult>,
  local: LocalSuite,
): string | undefined {
  const planned = new Map(local.cells.map((cell) => [cell.id, cell]));
  for (const [id, result] of results) {
    const cell = planned.get(id);
    if (cell === undefined) return `a result names cell ${quoteUntrusted(id)}, not in the plan`;
    const identity = cellIdentity(cell);
    const claimed = cellIdentity(result);
    for (const field of Object.keys(identity) as (keyof typeof identity)[]) {
      if (claimed[field] !== identity[field])
        return `the result of ${id} says ${field} ${quoteUntrusted(String(claimed[field]))}, but the plan's cell has ${quoteUntrusted(String(identity[field]))}`;
    }
    if (result.runDir !== defaultCellRunDir(cell))
      return `the result of ${id} names the run directory ${quoteUntrusted(result.runDir)}, not ${defaultCellRunDir(cell)}`;
    const beyond = beyondBudget(result, cell, local.maxEvaluations);
    if (beyond !== undefined) return `the result of ${id} ${beyond}`;
  }
  return undefined;
}

// What a result claims beyond the suite's cap, if anything.
function beyondBudget(
  result: SuiteCellResult,
  cell: SuiteCell,
  cap: number | undefined,
): string | undefined {
  if (cap === undefined) return undefined;
  const over = (value: number | null) => value !== null && value > cap;
  if (over(result.maxEvaluations))
    return `claims a budget of ${result.maxEvaluations} evaluations, above the suite's cap of ${cap}`;
  if (over(result.ceiling))
    return `claims a ceiling of ${result.ceiling} evaluations, above the suite's cap of ${cap}`;
  if (cell.role === 'reference' && over(result.evaluationsUsed))
    return `claims ${result.evaluationsUsed} evaluations used, above the suite's cap of ${cap}: a reference cell never spends past it, and its count would become its row's ceiling`;
  return undefined;
}

function plainCell(cell: SuiteCell): SuiteCell {
  return {
    ...cellIdentity(cell),
    role: cell.role,
    row: cell.row,
    dependsOn: [...cell.dependsOn],
    ceilingFrom: cell.ceilingFrom,
    trainingFrom: cell.trainingFrom,
  };
}
