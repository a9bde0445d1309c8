export {
  type AssignObservationOptions,
  type AssignObservationResult,
  type AssignObservationsResult,
  assignObservation,
  assignObservations,
} from './assigner/assign-observation.js';
export { assignerSystemPrompt, buildAssignerPrompt } from './assigner/assigner-prompt.js';
export { applyAssignment } from './assignment/apply-assignment.js';
export type { AssignmentOutcome } from './assignment/assignment-outcome.js';
export {
  checkClusterName,
  checkFailureModeName,
  maxClusterNameLength,
  maxFailureModeNameLength,
} from './assignment/failure-mode-name.js';
export { type ParsedAssignment, parseAssignment } from './assignment/parse-assignment.js';
export { type Observation, observationToEvaluatedExecution } from './observation/observation.js';
export {
  instanceSchema,
  messageSchema,
  observationSchema,
  toolCallSchema,
  traceEntrySchema,
} from './observation/observation-schema.js';
export {
  type AssignmentActionCounts,
  type AssignmentNoOpReason,
  activeModes,
  advanceEpoch,
  assignmentNoOpReasons,
  countNoOps,
  createFailureMemory,
  type FailureMemoryState,
  modesOfEpoch,
} from './state/failure-memory-state.js';
export type { FailureMode, ModeRename } from './state/failure-mode.js';
export { parseFailureMemoryState } from './state/parse-failure-memory-state.js';
