import type { SuiteCellResult } from '@forge/suite';
import type { Queue } from 'bullmq';
import { cellsToEnqueue } from './queue-progress.js';
import { cellJobId } from './suite-queue-keys.js';
import type { CellJobData, SuiteRecord } from './suite-record.js';

/** The BullMQ job name of a suite cell. */
export const cellJobName = 'suite-cell';

/**
 * Adds a job for every cell that can run now (B.4: aligned cells once their reference finished;
 * when a cap stopped it, only if the suite allows truncated ceilings).
 * Each cell's job id is fixed, so a cell already queued, running or finished is not added again
 * — the coordinator and every worker may call this at once. References go first: they unlock
 * their rows.
 */
export async function enqueueReadyCells(
  queue: Queue,
  record: SuiteRecord,
  results: ReadonlyMap<string, SuiteCellResult>,
): Promise<string[]> {
  const ready = cellsToEnqueue(record.cells, results, {
    allowTruncatedCeilings: record.allowTruncatedCeilings === true,
  });
  if (ready.length === 0) return [];
  await queue.addBulk(
    ready.map((cell) => {
      const data: CellJobData = { suiteKey: record.key, cellId: cell.id };
      return {
        name: cellJobName,
        data,
        opts: {
          jobId: cellJobId(record.key, cell.id),
          priority: cell.role === 'reference' ? 1 : 2,
          // A worker error that is not the cell's (Redis dropped mid-write) is retried.
          attempts: 3,
          backoff: { type: 'exponential', delay: 2000 },
        },
      };
    }),
  );
  return ready.map((cell) => cell.id);
}
