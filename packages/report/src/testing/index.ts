export {
  type ChromiumBrowserType,
  type ChromiumLaunchOptions,
  chromiumPath,
  launchChromium,
} from './launch-chromium.js';
export {
  measureReportFigures,
  type ReportFigureLayout,
} from './measure-report-figures.js';
export {
  type EvaluatingPage,
  hiddenContentProblems,
  measureReportTables,
  type ReportPageLayout,
  type ReportTableLayout,
} from './measure-report-tables.js';
export {
  type EvaluatingElement,
  measureTableScroll,
  type TableScrollLayout,
} from './measure-table-scroll.js';
