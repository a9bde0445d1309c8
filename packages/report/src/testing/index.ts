export {
  type ChromiumBrowserType,
  type ChromiumLaunchOptions,
  chromiumPath,
  launchChromium,
} from './launch-chromium.js';
export {
  type EvaluatingPage,
  hiddenContentProblems,
  measureReportTables,
  type ReportPageLayout,
  type ReportTableLayout,
} from './measure-report-tables.js';
