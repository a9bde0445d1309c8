export {
  type CellRunRequest,
  type CellWorker,
  type CellWorkerEvent,
  type CellWorkerOptions,
  startCellWorker,
} from './cell-worker.js';
export { cellJobName, enqueueReadyCells } from './enqueue-ready-cells.js';
export { type LocalSuite, recordMismatch } from './local-suite.js';
export { SuiteQueueError, type SuiteQueueErrorReason } from './queue-error.js';
export {
  cellsToEnqueue,
  heldCells,
  type QueueProgress,
  queueProgress,
  settledResults,
} from './queue-progress.js';
export {
  parseQueueUrl,
  type QueueTlsFiles,
  type QueueUrl,
  type QueueUrlOptions,
} from './queue-url.js';
export { connectRedis } from './redis-connection.js';
export { unsafeCellIdReason } from './safe-cell-id.js';
export { type SuiteDirAllowList, suiteDirAllowList } from './suite-dir-allow-list.js';
export {
  type PublishOutcome,
  type QueuedCellState,
  type QueueWorkerInfo,
  SuiteQueue,
  type SuiteQueueStatus,
} from './suite-queue.js';
export { cellJobId, defaultQueueName, suiteKeyOf } from './suite-queue-keys.js';
export type { CellJobData, SuiteRecord } from './suite-record.js';
