export { type AblationSpec, type AblationStep, ablationTable } from './ablation-table.js';
export {
  aggregateDraws,
  type BootstrapInterval,
  type BootstrapOptions,
  type BootstrapStreams,
  bootstrapInterval,
  defaultBootstrapDraws,
  quantile,
  type ScoreMatrix,
  stratumDraws,
} from './bootstrap-interval.js';
export {
  type CellReadiness,
  type CellReadinessOptions,
  ceilingFromReference,
  cellReadiness,
  exceedsCeiling,
} from './cell-ceiling.js';
export { type CellGroup, type GroupScore, groupScore } from './cell-scores.js';
export { cellStatusText, detailsTable } from './details-table.js';
export {
  type CellInstanceScores,
  entryComparison,
  entryInterval,
  statisticsNotes,
  testSetSize,
  withStatistics,
} from './entry-statistics.js';
export {
  defaultCellRunDir,
  type ExecuteSuiteOptions,
  type ExecuteSuiteResult,
  executeSuite,
  type RefusedCell,
} from './execute-suite.js';
export {
  type GrpoArm,
  type GrpoCurvePoint,
  type GrpoResults,
  type GrpoResultsProblem,
  type GrpoRow,
  type GrpoRun,
  grpoArms,
  grpoArmTest,
  grpoLabel,
  grpoResultsFormatVersion,
  grpoResultsProblem,
  grpoResultsSchema,
} from './grpo-results.js';
export { escapeLatex, latexComment, renderLatexTable, renderSuiteLatex } from './latex-table.js';
export { mainTable } from './main-table.js';
export { mergeSuiteResults } from './merge-suite-results.js';
export {
  defaultPermutationDraws,
  type PairedDifference,
  type PairedTestOptions,
  type PairedTestResult,
  type PermutationMethod,
  pairedPermutationTest,
} from './paired-permutation-test.js';
export { planSuite, type SuitePlan, type SuiteRow } from './plan-suite.js';
export {
  type PlanBounds,
  quoteUntrusted,
  type ResultOutsidePlan,
  resultOutsidePlan,
} from './results-within-plan.js';
export {
  type CellRunContext,
  type CellRunner,
  heldBackResult,
  type RunSuiteCellOptions,
  refusalReason,
  runSuiteCell,
} from './run-suite-cell.js';
export {
  type ConfidenceInterval,
  formatSpread,
  isSeedSpread,
  isSignificant,
  meanSpread,
  type PairedComparison,
  type SeedSpread,
  type SeedValue,
  seedSpread,
  significanceLevel,
  significanceMarker,
} from './seed-spread.js';
export {
  type CellFilter,
  type CellFilterKey,
  type CellSelection,
  cellFilterKeys,
  parseCellFilter,
  parseShard,
  type SelectedCells,
  type Shard,
  selectCells,
  shardOfRow,
} from './select-cells.js';
export { StatisticsMemo } from './statistics-memo.js';
export {
  cellId,
  pathSegment,
  rowKey,
  type SuiteArm,
  type SuiteCell,
  type SuiteCellRole,
} from './suite-cell.js';
export { cellIdentity, type SuiteCellIdentity } from './suite-cell-identity.js';
export {
  isFinishedCell,
  pendingResult,
  type SuiteCellResult,
  type SuiteCellStatus,
  type SuiteCurvePoint,
  type SuiteSynthesisAccounting,
} from './suite-cell-result.js';
export {
  describeCellStop,
  describeStopLimit,
  type SuiteCellStop,
  type SuiteStopCause,
} from './suite-cell-stop.js';
export { SuitePlanError, SuiteResultsError } from './suite-error.js';
export type {
  SuiteCellBlockedEvent,
  SuiteCellEndEvent,
  SuiteCellSkippedEvent,
  SuiteCellStartEvent,
  SuiteEndEvent,
  SuiteEvent,
  SuiteProgress,
  SuiteStartEvent,
} from './suite-event.js';
export { benchmarkLabel, methodLabel, type SuiteLabels } from './suite-labels.js';
export {
  forgePackageName,
  provenanceLines,
  type SuiteProvenance,
  type SuiteSetting,
  suiteProvenance,
} from './suite-provenance.js';
export {
  collectSuiteResults,
  formatSuiteResults,
  parseSuiteResults,
  type SuiteResults,
  suiteResultsFormatVersion,
} from './suite-results.js';
export {
  type AlignmentSpec,
  modelPairLabel,
  type SuiteSpec,
  type TransferSpec,
} from './suite-spec.js';
export { type SuiteSummaryEntry, summarizeSuite } from './suite-summary.js';
export {
  formatPValue,
  formatTableValue,
  renderCsvTable,
  renderMarkdownTable,
  type SuiteTable,
  type TableColumn,
  type TableColumnFormat,
  type TableRow,
  type TableValue,
} from './suite-table.js';
export { renderSuiteMarkdown, suiteTables } from './suite-tables.js';
export { type TableEntry, tableEntries } from './table-entries.js';
export { transferTable } from './transfer-table.js';
export {
  stoppedMark,
  truncatedCeilingMark,
  truncationMarks,
  truncationNotes,
} from './truncation-notes.js';
