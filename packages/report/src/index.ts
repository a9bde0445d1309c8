export { renderCompareCostChart } from './charts/compare-cost-chart.js';
export { renderCompareScoreChart, runLabel } from './charts/compare-score-chart.js';
export { formatRoleCost, renderCostByRoleChart } from './charts/cost-by-role-chart.js';
export {
  type FailureModeShare,
  type FailureModeShareWindow,
  failureModeShares,
  pointRadius,
} from './charts/failure-mode-shares.js';
export { renderFailureModesChart } from './charts/failure-modes-chart.js';
export { renderLineageChart } from './charts/lineage-chart.js';
export { renderMiproTrialsChart } from './charts/mipro-trials-chart.js';
export { renderPlaybookChart } from './charts/playbook-chart.js';
export { usageByRole } from './charts/role-usage.js';
export {
  evaluationsSpent,
  formatScoreTick,
  renderScoreCurveChart,
} from './charts/score-curve-chart.js';
export {
  outcomesPresent,
  renderSynthesisAccountingChart,
} from './charts/synthesis-accounting-chart.js';
export { embedJson } from './client/embed-json.js';
export { liveReportPage } from './client/live-report-page.js';
export { type LiveOptions, pageData } from './client/page-data.js';
export {
  type ReportPageOptions,
  renderReportPage,
  reportContentSecurityPolicy,
  reportScript,
} from './client/report-page.js';
export { compareLabels } from './data/compare-labels.js';
export { loadMiproDetails } from './data/load-mipro-details.js';
export { type LoadReportDataOptions, loadReportData } from './data/load-report-data.js';
export type {
  MiproReportDemonstration,
  MiproReportDemoSet,
  MiproReportDetails,
  MiproReportEnd,
  MiproReportPlan,
  MiproReportTrial,
} from './data/mipro-report-details.js';
export type {
  RunReportAnswers,
  RunReportCandidate,
  RunReportCurvePoint,
  RunReportData,
  RunReportFailureMode,
  RunReportFailureModeWindow,
  RunReportRun,
  RunReportStatus,
  RunReportSuiteCell,
  RunReportSummary,
  RunReportSynthesisEvent,
  RunReportSynthesisMode,
  RunReportTrainingSize,
  RunReportUsage,
} from './data/run-report-data.js';
export type {
  RunReportEvaluation,
  RunReportMessage,
  RunReportProposal,
  RunReportProposalOutcome,
  RunReportSourceObservation,
  RunReportSynthesisAttempt,
  RunReportTraceEntry,
  RunReportValidationInstance,
  RunReportVerdict,
  RunReportWarning,
} from './data/run-report-details.js';
export type { RunReportPlaybookPoint } from './data/run-report-playbook.js';
export {
  localWriterProbe,
  type RunStatus,
  runStatus,
  type WriterProbe,
} from './data/run-status.js';
export {
  type BottomAxisOptions,
  type LeftAxisOptions,
  type PlotArea,
  renderBottomAxis,
  renderLeftAxis,
} from './primitives/axis.js';
export { bestScoreSteps, stepPath } from './primitives/best-score-steps.js';
export {
  type ChartFigureOptions,
  type ChartSvgOptions,
  renderChartFigure,
  renderChartSvg,
  renderEmptyChart,
} from './primitives/chart-figure.js';
export {
  categoricalColor,
  outcomeColor,
  outcomeLabel,
  outcomeOrder,
} from './primitives/chart-palette.js';
export { escapeHtml } from './primitives/escape-html.js';
export { finiteOr } from './primitives/finite-or.js';
export {
  formatAdmissionRate,
  formatCompact,
  formatCount,
  formatDuration,
  formatPercent,
  formatQuantity,
  formatScore,
  formatUsd,
} from './primitives/format-value.js';
export {
  ancestryOf,
  type LineageInput,
  type LineageLayout,
  type LineageLayoutOptions,
  type LineageNode,
  layoutLineage,
} from './primitives/lineage-layout.js';
export {
  createLinearScale,
  type LinearScale,
  niceDomain,
  niceStep,
  niceTicks,
} from './primitives/linear-scale.js';
export { createLogScale, type LogScale, shareDomain } from './primitives/log-scale.js';
export {
  type PromptDiff,
  type PromptDiffCounts,
  renderPromptDiff,
} from './primitives/prompt-diff.js';
export { createScoreColor, rampColor } from './primitives/score-color.js';
export { scoreDomain } from './primitives/score-domain.js';
export {
  formatAttributes,
  formatSvgNumber,
  type SvgAttributes,
  svgElement,
  svgText,
  svgTitle,
} from './primitives/svg-element.js';
export { renderCompareReport } from './render-compare-report.js';
export { type RenderRunReportOptions, renderRunReport } from './render-run-report.js';
export { reportStyles } from './report-styles.js';
export {
  type FilterControl,
  type FilterOption,
  filterOptions,
  renderFilterControls,
} from './sections/filter-controls.js';
export { renderInstancesSection } from './sections/instances-section.js';
export { renderMiproSection } from './sections/mipro-section.js';
export { renderReportNav, renderUnpricedBanner, renderWarningBanners } from './sections/notices.js';
export { promptModules, renderPromptsSection } from './sections/prompts-section.js';
export { renderProposalsSection } from './sections/proposals-section.js';
export {
  renderSimulatedBanner,
  renderStatusBanner,
  renderSummarySection,
} from './sections/summary-section.js';
export { renderSyntheticDataSection } from './sections/synthetic-data-section.js';
export { formatValue, renderFields, renderValueBlock } from './sections/value-block.js';
export {
  ReportServerError,
  type ReportServerErrorReason,
} from './serve/report-server-error.js';
export { runVersion } from './serve/run-version.js';
export {
  type LivePageServer,
  type LivePageSource,
  type ServeLivePageOptions,
  serveLivePage,
} from './serve/serve-live-page.js';
export {
  type RunReportServer,
  type ServeRunReportOptions,
  serveRunReport,
} from './serve/serve-run-report.js';
export {
  type LoadSuiteCellDetailsOptions,
  loadSuiteCellDetails,
} from './suite/load-suite-cell-details.js';
export { readSuiteCellDetails } from './suite/read-suite-cell-details.js';
export { renderSuiteReport } from './suite/render-suite-report.js';
export type {
  SuiteCellDetails,
  SuiteCellFailureModes,
  SuiteCellFailureModeWindow,
  SuiteCellTestScores,
  SuiteCellWallTime,
} from './suite/suite-cell-details.js';
export { renderSuiteCurvesChart } from './suite/suite-curves-chart.js';
export {
  type SuiteFailureModeGroup,
  type SuiteFailureModeWindowCell,
  type SuiteFailureModeWindowSummary,
  type SuiteModeShare,
  suiteFailureModeGroups,
  summarizeFailureModeWindow,
} from './suite/suite-failure-mode-shares.js';
export { renderSuiteFailureModesChart } from './suite/suite-failure-modes-chart.js';
export {
  type GrpoMeanPoint,
  grpoMeanCurve,
  renderSuiteGrpoCharts,
} from './suite/suite-grpo-chart.js';
export type { SuiteReportData } from './suite/suite-report-data.js';
export { renderSuiteScoreBarsChart } from './suite/suite-score-bars-chart.js';
export { renderSuiteCellsSection, renderSuiteTable } from './suite/suite-sections.js';
export {
  isSolved,
  type SolveMatrix,
  type SolveMatrixEntry,
  type SolveMatrixRow,
  suiteSolveMatrices,
} from './suite/suite-solve-matrix.js';
export { renderSuiteSolveMatrixSection } from './suite/suite-solve-matrix-section.js';
export { renderSuiteSynthesisChart, suiteSynthesisRows } from './suite/suite-synthesis-chart.js';
