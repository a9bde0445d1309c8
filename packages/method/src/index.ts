export { createLimiter, type Limiter } from '@forge/program';
export { addRoleUsage, type RoleSpend } from './add-role-usage.js';
export { checkCheckpointHeader } from './check-checkpoint-header.js';
export {
  type CheckpointHeader,
  type CheckpointRecord,
  type CheckpointStore,
  MemoryCheckpointStore,
  type SavedCheckpoint,
} from './checkpoint-store.js';
export { evaluateMany } from './evaluate-many.js';
export { formatScore } from './format-score.js';
export type {
  Method,
  MethodBilledSpend,
  MethodCallShape,
  MethodContext,
  MethodEstimate,
  MethodEstimateInput,
  MethodExpectedSpend,
  MethodResult,
  MethodStorage,
} from './method.js';
export type { MethodBudget } from './method-budget.js';
export type { MethodCandidate } from './method-candidate.js';
export type {
  MethodCandidateValidatedEvent,
  MethodEvaluationEndEvent,
  MethodEvent,
  MethodNoteEvent,
  MethodRunStartEvent,
  MethodStepEndEvent,
} from './method-event.js';
export { type MethodHistoryPoint, nextHistoryPoint } from './method-history.js';
export type { MethodModels } from './method-models.js';
export {
  executionRecord,
  type MethodExecutionRecord,
  type MethodProposal,
  type MethodProposalAnswer,
  type MethodProposalOutcome,
  proposalRecord,
  proposalRecordKind,
  validationPassRecord,
  validationPassRecordKind,
} from './method-records.js';
export { MethodSettingsError } from './method-settings-error.js';
export { type MethodStopCause, methodStopCause } from './method-stop-cause.js';
export { type MethodUsage, optimizerUsage, type RoleUsage } from './method-usage.js';
export {
  type MethodMinibatch,
  minibatchRecord,
  minibatchRecordKind,
  minibatchTextLimit,
} from './minibatch-record.js';
export {
  answerExcerpt,
  type OptimizerAnswerEvent,
  optimizerAnswer,
} from './optimizer-answer-event.js';
export {
  abortListenersPerCall,
  raiseAbortListenerLimit,
} from './raise-abort-listener-limit.js';
export { RunMismatchError } from './run-mismatch-error.js';
