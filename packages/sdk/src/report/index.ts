export { renderRunReport } from './render-run-report.js';
export type {
  RunReportCandidate,
  RunReportCurvePoint,
  RunReportData,
  RunReportFailureMode,
  RunReportFailureModeWindow,
  RunReportRun,
  RunReportStatus,
  RunReportSummary,
  RunReportSynthesisEvent,
  RunReportSynthesisMode,
  RunReportTrainingSize,
  RunReportUsage,
} from './run-report-data.js';
