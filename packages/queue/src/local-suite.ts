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
 * result is a cell of the plan, in its own run directory (`cells/<id>`), so no path a result
 * carries leads anywhere else.
 */
export function resultsMismatch(
  results: ReadonlyMap<string, SuiteCellResult>,
  local: LocalSuite,
): string | undefined {
  const planned = new Map(local.cells.map((cell) => [cell.id, cell]));
  for (const [id, result] of results) {
    const cell = planned.get(id);
    if (cell === undefined) return `a result names cell ${quoteUntrusted(id)}, not in the plan`;
    if (result.runDir !== defaultCellRunDir(cell))
      return `the result of ${id} names the run directory ${quoteUntrusted(result.runDir)}, not ${defaultCellRunDir(cell)}`;
  }
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
