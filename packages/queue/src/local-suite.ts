import { isDeepStrictEqual } from 'node:util';
import { cellIdentity, quoteUntrusted, type SuiteCell } from '@forge/suite';
import { suiteKeyOf } from './suite-queue-keys.js';
import type { SuiteRecord } from './suite-record.js';

/** A suite as the worker's own disk has it: read from its `suite.json`, planned here. */
export interface LocalSuite {
  /** Digest of the config in `suite.json`, computed here (not the digest the file or Redis carries). */
  readonly digest: string;
  /** Every cell of the plan made from that config. */
  readonly cells: readonly SuiteCell[];
  /**
   * The suite's evaluation cap (`budget.maxEvaluations` of that config), against which recorded
   * results are checked (`resultOutsidePlan` of `@forge/suite`). Without it, budgets are not
   * checked.
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
