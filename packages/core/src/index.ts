export { createLimiter, evaluateMany, RunMismatchError } from '@forge/method';
export type {
  AttemptEndEvent,
  CandidateAcceptedEvent,
  CandidateRejectedEvent,
  CandidateValidatedEvent,
  EvaluationEndEvent,
  MemoryUpdatedEvent,
  ProposalMadeEvent,
  RunEndEvent,
  RunStartEvent,
  SearchEvent,
  StepEndEvent,
  StepStartEvent,
  SynthesisEndEvent,
  SynthesisStartEvent,
  WarningEvent,
} from './events/search-event.js';
export {
  callReflector,
  parseReflection,
  type ReflectionCall,
  type ReflectionNoOpReason,
  type ReflectionOutcome,
} from './reflection/reflect.js';
export {
  buildReflectionUserMessage,
  reflectionSystemPrompt,
} from './reflection/reflection-prompt.js';
export { buildSearchResult, type SearchResult } from './result/search-result.js';
export { toObservation } from './run/execute-step.js';
export { executeSynthesis, shouldSynthesize } from './run/execute-synthesis.js';
export { runSearch } from './run/run-search.js';
export type { SearchOptions } from './run/search-options.js';
export {
  type SynthesisOptions,
  type SynthesisVariant,
  usesFailureMemory,
} from './run/synthesis-options.js';
export {
  createSamplerState,
  nextMinibatch,
  refreshSampler,
  type SamplerState,
} from './sampler/minibatch-sampler.js';
export { selectParent } from './selection/select-parent.js';
export { SelectionIndex } from './selection/selection-index.js';
export { selectionWeights } from './selection/selection-weights.js';
export { reduceSearch } from './state/reduce-search.js';
export type {
  MemoryAssignment,
  SearchAction,
  SeedEvaluatedAction,
  StepCompletedAction,
  SynthesisCompletedAction,
} from './state/search-action.js';
export {
  type CandidateRecord,
  createSearchState,
  meanScore,
  type ProposalOutcome,
  type SearchState,
  type StepRecord,
  type SynthesisEventRecord,
} from './state/search-state.js';
export {
  addUsageTotals,
  optimizerTotals,
  type RoleUsage,
  type UsageEntry,
  type UsageTotals,
} from './state/usage-totals.js';
export {
  firstStopReason,
  maxEvaluations,
  maximumScore,
  maxOptimizerCost,
  maxSteps,
  maxWallTime,
  perfectScoreReason,
  type StopContext,
  type StopRule,
  stopAtCompletion,
  stopAtPerfectScore,
  stopOnFile,
  stopOnSignal,
} from './stop/stop-rules.js';
export {
  type CommitDetails,
  MemoryRunStore,
  type ReflectionDetail,
  type RunCommit,
  type RunHeader,
  type RunStore,
  type ValidationPassDetail,
} from './store/run-store.js';
export { type ContractMonitor, createContractMonitor } from './warnings/contract-monitor.js';
export {
  addToTally,
  type ContractTally,
  type ContractWarning,
  contractExample,
  contractExampleLength,
  contractWarning,
  contractWarningThreshold,
  type OptimizerRole,
  optimizerContracts,
  roleContractWarning,
} from './warnings/contract-warnings.js';
