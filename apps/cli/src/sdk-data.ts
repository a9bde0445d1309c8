import type { DataReport } from '@forge/program';

export { checkBenchmarkData, dataIds, indexWikiCorpus, pullBenchmarkData } from '@forge/sdk';
/** A data report (re-exported for the command's printer). */
export type DataReportLike = DataReport;
