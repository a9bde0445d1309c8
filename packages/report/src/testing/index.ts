export {
  type EvaluatingPage,
  hiddenContentProblems,
  measureReportTables,
  type ReportPageLayout,
  type ReportTableLayout,
} from './measure-report-tables.js';
