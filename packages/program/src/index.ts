export type {
  Benchmark,
  BenchmarkFactory,
  BenchmarkOptions,
  DocumentedCallSizes,
  SynthesisSchedule,
} from './benchmark/benchmark.js';
export type {
  BenchmarkPackage,
  DataFileReport,
  DataReport,
  PullDataOptions,
} from './benchmark/benchmark-package.js';
export { DatasetError } from './benchmark/dataset-error.js';
export {
  type BenchmarkParts,
  defaultSynthesisSchedule,
  defineBenchmark,
} from './benchmark/define-benchmark.js';
export { applyMirror, type DownloadFileOptions, downloadFile } from './benchmark/download-file.js';
export {
  type DownloadHubRowsOptions,
  downloadHubRows,
  type HubSplit,
  hubRowsEndpoint,
} from './benchmark/hub/download-hub-rows.js';
export { checkHubData, type HubDataFile, pullHubData } from './benchmark/hub/hub-data.js';
export { type HubRecords, readHubRecords } from './benchmark/hub/read-hub-records.js';
export { parseSplitSizes, type SplitSizes } from './benchmark/parse-split-sizes.js';
export {
  checkPinnedFiles,
  type PinnedDataFile,
  pullPinnedFiles,
} from './benchmark/pinned-files.js';
export { type JsonlLine, readJsonlLines } from './benchmark/read-jsonl-lines.js';
export {
  maxFieldLength,
  maxJsonArrayBytes,
  maxLineBytes,
  maxRecordDepth,
  readJsonArray,
  readJsonl,
  type SourcedRecord,
  validate,
} from './benchmark/read-records.js';
export { taskMaxOutputTokens } from './benchmark/task-max-output-tokens.js';
export { createLimiter, type Limiter } from './concurrency/create-limiter.js';
export {
  type AceCurationPrompt,
  aceCurationPromptTrailer,
  isAceCurationPrompt,
  readAceCurationPrompt,
} from './contract/read-ace-curation-prompt.js';
export {
  type AceReflectionPrompt,
  aceReflectionPromptTrailer,
  isAceReflectionPrompt,
  readAceReflectionPrompt,
} from './contract/read-ace-reflection-prompt.js';
export {
  type AssignmentPrompt,
  assignmentPromptTrailer,
  isAssignmentPrompt,
  type PromptFailureCluster,
  readAssignmentPrompt,
} from './contract/read-assignment-prompt.js';
export {
  type GenerationPrompt,
  generationPromptTrailer,
  isGenerationPrompt,
  readGenerationPrompt,
} from './contract/read-generation-prompt.js';
export {
  type GepaReflectionPrompt,
  gepaReflectionOpening,
  isGepaReflectionPrompt,
  readGepaReflectionPrompt,
} from './contract/read-gepa-reflection-prompt.js';
export {
  type MiproObservationPrompt,
  type MiproPromptKind,
  type MiproProposalPrompt,
  miproPromptKindOf,
  miproPromptTrailers,
  type ProposalDemonstration,
  readMiproModuleDescriptionPrompt,
  readMiproObservationPrompt,
  readMiproProgramDescriptionPrompt,
  readMiproProposalPrompt,
  readMiproSummaryPrompt,
} from './contract/read-mipro-prompt.js';
export {
  type MutationSeedSections,
  type PromptSignature,
  readMutationSeed,
  readPromptSignature,
} from './contract/read-mutation-seed.js';
export {
  type RenderedBullet,
  readPlaybookBullets,
  readPlaybookSections,
} from './contract/read-playbook-bullets.js';
export {
  isReflectionPrompt,
  type ReflectionPrompt,
  readReflectionPrompt,
  reflectionPromptTrailer,
} from './contract/read-reflection-prompt.js';
export {
  type RenderedInstance,
  readRenderedFields,
  readRenderedInstance,
} from './contract/read-rendered-fields.js';
export { findHeading, readSections, withoutTrailer } from './contract/read-sections.js';
export {
  isVerificationPrompt,
  readVerificationPrompt,
  type VerificationPrompt,
  verificationPromptTrailer,
} from './contract/read-verification-prompt.js';
export { checkProgramData } from './data/check-program-data.js';
export {
  DataCheckError,
  type DataProblem,
  dataProblemPlace,
  listedDataProblems,
} from './data/data-check-error.js';
export { findDataProblems } from './data/find-data-problems.js';
export {
  type ModuleAnswer,
  parseModuleAnswer,
  renderAnswerFormat,
  renderModuleAnswer,
  renderModuleInput,
} from './module/answer-format.js';
export { defineModule, type ModuleDeclaration, type TypedModule } from './module/define-module.js';
export {
  defineProgram,
  type EvaluatorOf,
  type GoldOf,
  type InputOf,
  type InstanceOf,
  type OutputOf,
  type ProgramDeclaration,
  type ProgramInput,
  type ProgramRunContext,
  type TypedProgram,
} from './module/define-program.js';
export { ModuleAnswerError } from './module/module-answer-error.js';
export {
  defaultHistorySize,
  ModuleCallHistory,
  type ModuleCallRecord,
} from './module/module-call-history.js';
export { renderModuleCalls } from './module/render-module-calls.js';
export {
  type Demonstration,
  type DemonstrationRenderer,
  type Demonstrations,
  demonstrationMessages,
  demonstrationsFor,
  hasDemonstrations,
} from './program/demonstration.js';
export {
  type EvaluatedExecution,
  type Evaluation,
  type Evaluator,
  feedbackForModule,
  isValidScore,
} from './program/evaluation.js';
export type { Execution, TraceEntry } from './program/execution.js';
export { finalResponse } from './program/final-response.js';
export { MetricError, type MetricErrorReason } from './program/metric-error.js';
export {
  type Program,
  type ProgramContext,
  type ProgramModule,
  type Prompts,
  seedPrompts,
} from './program/program.js';
export { checkEvaluation, scoreWithMetric } from './program/score-with-metric.js';
export {
  createSingleModuleProgram,
  type SingleModuleProgramSettings,
} from './program/single-module-program.js';
export { createRandom, type Random } from './random/random.js';
export {
  renderFields,
  renderInstance,
  renderMessage,
  renderObservation,
  renderReflectionBatch,
  renderTrace,
  renderValue,
} from './render/render-markdown.js';
export {
  type CoercionMode,
  type CoercionResult,
  coerceToSignature,
  coerceValue,
} from './signature/coerce-to-signature.js';
export { defineSignature } from './signature/define-signature.js';
export {
  type FieldType,
  formatFieldType,
  type ObjectTypeField,
  type ParseFieldTypeResult,
  parseFieldType,
} from './signature/field-type.js';
export { inferSignature } from './signature/infer-signature.js';
export type { Instance, Splits } from './signature/instance.js';
export { schemaInstanceCheck } from './signature/schema-instance-check.js';
export {
  type InstanceCheck,
  type InstanceProblem,
  type Signature,
  type SignatureField,
  type SignatureJson,
  signatureToJson,
} from './signature/signature.js';
export {
  isZodSignatureDeclaration,
  signatureFromZod,
  type ZodSignatureDeclaration,
} from './signature/signature-from-zod.js';
export {
  extractFinalAnswer,
  type FinalAnswer,
  type FinalAnswerSource,
  findFinalAnswer,
} from './text/extract-final-answer.js';
export {
  extractXmlBlock,
  type JsonObjectResult,
  parseJsonObject,
  type XmlBlockResult,
} from './text/extract-xml-block.js';
export {
  type AnswerMisbehaviour,
  answerMisbehaviours,
  type MisbehavedAnswer,
  misbehave,
} from './text/misbehave.js';
export {
  type ModelAnswer,
  readModelAnswer,
  stripReasoning,
  type UnusableAnswerReason,
  unwrapOuterFence,
} from './text/model-answer.js';
export { exactMatch, normalizeAnswer } from './text/normalize-answer.js';
