import type { DataReport } from '@forge/program';

export { checkBenchmarkData, dataIds, pullBenchmarkData } from '@forge/sdk';
/** A data report (re-exported for the command's printer). */
export type DataReportLike = DataReport;
