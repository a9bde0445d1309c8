export {
  type AppWorldSettings,
  appworldSettingsSchema,
  defaultEnvironmentPort,
  parseAppWorldSettings,
  resolveServerUrls,
} from './appworld-settings.js';
export {
  type AppWorldAuthoring,
  type DraftResult,
  type DraftValidation,
  draftResultSchema,
  draftValidationSchema,
  type PublishedTask,
  publishedTaskSchema,
  sandboxRequestSchema,
  type TaskDraft,
  taskDraftSchema,
} from './authoring/authoring-protocol.js';
export { createHttpAuthoring, type HttpAuthoringSettings } from './authoring/http-authoring.js';
export {
  AppWorldClient,
  type AppWorldClientSettings,
  defaultRequestTimeoutMs,
  type InitializeOptions,
  type RequestOptions,
} from './client/appworld-client.js';
export { AppWorldError, type AppWorldErrorKind } from './client/appworld-error.js';
export {
  type AppWorldApiDocs,
  type AppWorldEvaluationReport,
  type AppWorldSupervisor,
  type AppWorldTask,
  evaluationReportSchema,
  taskSchema,
} from './client/wire-schemas.js';
export {
  type AppWorldBenchmarkEnvironment,
  appworldSynthesis,
  benchmarkPackage,
  createBenchmark,
  promptSearchOnlyTitle,
} from './create-appworld-benchmark.js';
export { checkData, pullData } from './data/appworld-data.js';
export { type AppWorldRoot, resolveAppWorldRoot } from './data/appworld-root.js';
export { loadAppWorldSplits } from './data/load-appworld-splits.js';
export { appworldDatasets } from './data/read-appworld-tasks.js';
export { agentToolNames } from './episode/agent-tools.js';
export {
  type Episode,
  type EpisodeFailure,
  type EpisodeOutput,
  episodeOutputSchema,
} from './episode/episode-output.js';
export { type EpisodeResult, type RunEpisodeOptions, runEpisode } from './episode/run-episode.js';
export { evaluateAppWorld, scoreReport } from './metric/evaluate-appworld.js';
export {
  AppWorldPoolExhaustedError,
  type OutOfPoolServer,
} from './pool/pool-exhausted-error.js';
export {
  createFileServerClaims,
  defaultClaimsDirectory,
  type FileServerClaimsSettings,
  type ServerClaim,
  type ServerClaims,
} from './pool/server-claims.js';
export {
  AppWorldServerPool,
  type PooledServerStatus,
  type ServerLease,
  type ServerPoolEvent,
  type ServerPoolSettings,
} from './pool/server-pool.js';
export { appworldCallSizes } from './program/appworld-call-sizes.js';
export { type AppWorldProgramSettings, createAppWorldProgram } from './program/appworld-program.js';
export {
  appworldMaxSteps,
  appworldModuleName,
  appworldSeedPrompt,
  renderTaskMessage,
} from './program/appworld-prompts.js';
export { appworldSignature } from './program/appworld-signature.js';
export { AppWorldCommandNotFoundError, findCommand } from './supervisor/find-command.js';
export { AppWorldServerStartError } from './supervisor/server-start-error.js';
export {
  type AppWorldServerSupervisor,
  type SuperviseServersOptions,
  type SupervisorEvent,
  superviseAppWorldServers,
} from './supervisor/supervise-servers.js';
export { createSynthesisTools, synthesisToolNames } from './synthesis/synthesis-tools.js';
