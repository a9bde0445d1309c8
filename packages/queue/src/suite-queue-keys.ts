import { createHash } from 'node:crypto';

/** The BullMQ queue suites use unless told otherwise (`--queue-name`). */
export const defaultQueueName = 'forge-suite';

/**
 * A suite's key on the queue: its config digest and its directory, so two suites with one
 * config in two directories never share results, and a resumed suite finds its own.
 */
export function suiteKeyOf(digest: string, dir: string): string {
  return createHash('sha256').update(`${digest}\0${dir}`).digest('hex').slice(0, 16);
}

/** The job id of a cell: one job per cell, so enqueuing a cell twice adds it once. */
export function cellJobId(suiteKey: string, cellId: string): string {
  // Cell ids are path segments (no `:`), which BullMQ reserves in custom ids.
  return `${suiteKey}/${cellId.replaceAll(':', '-')}`;
}

/** Where the queue keeps a suite's record (its cells and directory). */
export function suiteRecordKey(queueName: string, suiteKey: string): string {
  return `forge:${queueName}:suite:${suiteKey}`;
}

/** Where the queue keeps a suite's cell results (a hash: cell id → result JSON). */
export function suiteResultsKey(queueName: string, suiteKey: string): string {
  return `forge:${queueName}:suite:${suiteKey}:results`;
}
