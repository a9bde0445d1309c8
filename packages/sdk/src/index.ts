// A benchmark made of a program, a metric and instance arrays, for the library API's objects.
// Typed programs (defineModule, defineProgram) and every type a user's program is written with.

export type { EndpointPoolEvent, EndpointPoolStatus } from '@forge/endpoints';
export {
  type Benchmark,
  type BenchmarkParts,
  DataCheckError,
  type DataProblem,
  type Demonstration,
  type Demonstrations,
  defineBenchmark,
  defineModule,
  defineProgram,
  defineSignature,
  type Evaluation,
  type Evaluator,
  type EvaluatorOf,
  type Execution,
  type GoldOf,
  type InputOf,
  type Instance,
  type InstanceOf,
  inferSignature,
  MetricError,
  type MetricErrorReason,
  ModuleAnswerError,
  ModuleCallHistory,
  type ModuleCallRecord,
  type ModuleDeclaration,
  type OutputOf,
  type Program,
  type ProgramContext,
  type ProgramDeclaration,
  type ProgramInput,
  type ProgramModule,
  type ProgramRunContext,
  type Prompts,
  type Signature,
  type SignatureField,
  type TraceEntry,
  type TypedModule,
  type TypedProgram,
} from '@forge/program';
export type {
  GenerateRequest,
  GenerateResult,
  LanguageModel,
  Message,
  Usage,
} from '@forge/provider';
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
} from '@forge/report';
export {
  type LivePageServer,
  loadReportData,
  ReportServerError,
  type RunReportServer,
  renderCompareReport,
  renderRunReport,
  serveRunReport,
} from '@forge/report';
export { formatTableValue } from '@forge/suite';
export {
  type BenchmarkLoader,
  benchmarkIds,
  loadBenchmarkPackage,
  registerBenchmark,
} from './benchmarks/benchmark-registry.js';
export { loadProgramModule } from './benchmarks/load-program-module.js';
export { ConfigError } from './config/config-error.js';
export {
  type ForgeConfig,
  type ForgeConfigInput,
  forgeConfigJsonSchema,
  forgeConfigSchema,
  type ModelConfig,
  modelConfigSchema,
  modelSettingsSchema,
  variantSchema,
} from './config/forge-config-schema.js';
export {
  configFileNames,
  findConfigFile,
  parseForgeConfig,
  type RawConfig,
  readConfigFile,
} from './config/load-config.js';
export {
  checkBenchmarkData,
  dataIds,
  defaultDataDir,
  indexWikiCorpus,
  pullBenchmarkData,
  wikiCorpusId,
} from './data/benchmark-data.js';
export { type ErrorKind, errorKind } from './errors/error-kind.js';
export {
  type EstimateRunOptions,
  type ExpectedEstimate,
  estimateRun,
  estimateThroughput,
  type RoleEstimate,
  type RunEstimate,
} from './estimate/estimate-run.js';
export { type EvaluateConfig, evaluate } from './evaluate/evaluate-benchmark.js';
export type {
  EvaluateProgramConfig,
  EvaluateProgress,
  ProgramEvaluatedInstance,
  ProgramEvaluationResult,
} from './evaluate/evaluate-program.js';
export type { EvaluatedInstance, EvaluateResult } from './evaluate/evaluate-result.js';
export { inspect } from './evaluate/inspect.js';
export {
  type BenchmarkInput,
  detachObjectInputs,
  type ModelInput,
  type ObjectInputs,
  type ProgramObjectFields,
} from './inputs/object-inputs.js';
export type { RunBenchmarkFields } from './inputs/run-benchmark-fields.js';
export { forgeAblation } from './methods/forge-ablation.js';
export {
  createForgeMethod,
  type ForgeMethodResult,
  type ForgeVariant,
  forgeVariants,
  isForgeMethodResult,
} from './methods/forge-method.js';
export type { ForgeMethodSettings } from './methods/forge-method-settings.js';
export { type ForgeStorage, isForgeStorage } from './methods/forge-storage.js';
export {
  hasMethod,
  loadMethod,
  type MethodLoader,
  methodIds,
  registerMethod,
} from './methods/method-registry.js';
export { builtinProviders } from './models/builtin-providers.js';
export { registerProviderModule } from './models/load-provider-module.js';
export {
  type PullLocalModelOptions,
  pullLocalModel,
} from './models/pull-local-model.js';
export { registerConfigProviders } from './models/register-config-providers.js';
export {
  endpointPoolOf,
  type ResolveModelOptions,
  resolveModel,
} from './models/resolve-model.js';
export { evaluateOnTest, type TestScores } from './run/evaluate-test.js';
export { loadConfiguredBenchmark, loadConfiguredSplits } from './run/load-benchmark.js';
export {
  type OptimizeConfig,
  type OptimizeOptions,
  type OptimizeResult,
  optimize,
  type RunSuiteCell,
  type TelemetryTracer,
} from './run/optimize.js';
export { readRunState } from './run/read-run-state.js';
export {
  defaultRunDir,
  isRunDirectory,
  loadRunConfig,
  readSavedRunConfig,
  redactConfig,
  runConfigFileName,
  saveRunConfig,
} from './run/run-directory.js';
export {
  createRunModels,
  modelSettings,
  type RunModelPool,
  type RunModels,
} from './run/run-models.js';
export type {
  ArtifactsWrittenEvent,
  BackupFailedEvent,
  BackupWrittenEvent,
  CallRetriedEvent,
  EndpointStatusEvent,
  ForgeEvent,
  ForgeRunEndEvent,
  RunPreparedEvent,
  SeedScoreWarningEvent,
  TelemetryWarningEvent,
  TestEvaluatedEvent,
  TestSkippedEvent,
} from './run/sdk-events.js';
export { seedScoreWarning, warnOnZeroSeed } from './run/seed-score-warning.js';
export { checkRun, type RunCheck } from './runs/check-run.js';
export { listRuns, type RunListing } from './runs/list-runs.js';
export {
  listSuite,
  listSuites,
  type SuiteCellListing,
  type SuiteListing,
} from './runs/list-suites.js';
export {
  type BestPrompts,
  bestPromptsFileName,
  loadBestPrompts,
} from './runs/load-best-prompts.js';
export { restoreRun } from './runs/restore-run.js';
export { writeCompareReport } from './runs/write-compare-report.js';
export { writeReport } from './runs/write-report.js';
export type { SuiteCapExcess } from './suite/cells-over-caps.js';
export { checkSuiteConfig } from './suite/check-suite-config.js';
export {
  estimateSuite,
  type SuiteCellEstimate,
  type SuiteEstimate,
  type SuiteEstimateRow,
  type SuiteExpectedEstimate,
  type SuiteExpectedMethod,
} from './suite/estimate-suite.js';
export {
  type ExportSuiteOptions,
  type ExportSuiteResult,
  exportSuite,
  type SuiteExportDocument,
  type SuiteExportFormat,
  type SuiteExportTable,
  suiteExportFormats,
  suiteExportSchemaVersion,
  suiteExportTables,
} from './suite/export-suite.js';
export { grpoRewardDescription } from './suite/grpo-reward-description.js';
export { parseSuiteConfig, suiteSchemaFileName } from './suite/load-suite-config.js';
export { type MergeSuitesResult, mergeSuites } from './suite/merge-suites.js';
export type { CellWorkerEvent } from './suite/queue/cell-worker-event.js';
export type {
  QueueConnectionOptions,
  QueueTlsFiles,
} from './suite/queue/queue-connection-options.js';
export type {
  QueuedSuiteEvent,
  SuiteQueueDetachedEvent,
  SuiteQueuedEvent,
  SuiteQueueProgressEvent,
  SuiteWorkerEvent,
  WorkerCellProgressEvent,
} from './suite/queue/queued-suite-events.js';
export { queuedSuiteStatus } from './suite/queue/queued-suite-status.js';
export {
  type RunQueuedSuiteOptions,
  type RunQueuedSuiteResult,
  runQueuedSuite,
} from './suite/queue/run-queued-suite.js';
export { type RunSuiteWorkerOptions, runSuiteWorker } from './suite/queue/run-suite-worker.js';
export type {
  QueuedCellState,
  QueueWorkerInfo,
  SuiteQueueProgress,
  SuiteQueueStatus,
} from './suite/queue/suite-queue-status.js';
export {
  readGrpoResultsFile,
  suiteGrpoResultsFileName,
} from './suite/read-grpo-results.js';
export { type ReportSuiteResult, reportSuite } from './suite/report-suite.js';
export { runSuite } from './suite/run-suite.js';
export type { RunSuiteOptions, RunSuiteResult } from './suite/run-suite-options.js';
export {
  type ServeSuiteReportOptions,
  serveSuiteReport,
} from './suite/serve-suite-report.js';
export {
  type SuiteConfig,
  type SuiteConfigInput,
  type SuiteInput,
  suiteConfigJsonSchema,
  suiteConfigSchema,
} from './suite/suite-config-schema.js';
export {
  isSuiteDirectory,
  type SavedSuite,
  suiteFileName,
  suitePlanFileName,
  suiteResultsFileName,
} from './suite/suite-directory.js';
export type {
  SuiteExportCell,
  SuiteExportInstance,
  SuiteExportRoleUsage,
} from './suite/suite-export-rows.js';
export type {
  SuiteCellProgressEvent,
  SuiteOutputsWrittenEvent,
  SuitePreparedEvent,
  SuiteRunEvent,
} from './suite/suite-run-events.js';
export {
  type SynthesizeFromFailuresConfig,
  type SynthesizeFromFailuresResult,
  synthesizeFromFailures,
} from './synthesize/synthesize-from-failures.js';
