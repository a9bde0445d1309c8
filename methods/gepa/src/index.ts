export { initialSamplerState, nextMinibatch, type SamplerState } from './epoch-shuffled-sampler.js';
export { type ExtractedInstruction, extractInstruction } from './extract-instruction.js';
export { createGepaMethod, type GepaMethodId, gepaMergeMethod, gepaMethod } from './gepa-method.js';
export {
  type CandidateSelection,
  type ComponentSelection,
  frontTieOrder,
  type GepaProfile,
  type GepaSettings,
  parseGepaSettings,
} from './gepa-settings.js';
export type {
  CandidateOrigin,
  GepaCandidate,
  GepaCounts,
  GepaState,
  MergeCounters,
} from './gepa-state.js';
export { type MergeLog, type MergePlan, type MergePool, planMerge } from './merge-candidates.js';
export { mergeSubsample } from './merge-subsample.js';
export {
  dominatorPrograms,
  type FrontTieOrder,
  type InstanceFronts,
  instanceFronts,
  removeDominatedPrograms,
  selectFromParetoFront,
} from './pareto-front.js';
export { pythonCopiedSetOrder, pythonSetOrder } from './python-set-order.js';
export { extractInstructionAsReference } from './reference-extract-instruction.js';
export {
  defaultReflectionTemplate,
  fence,
  reflectionRequestOpening,
  renderReflectionRequest,
} from './reflection-prompt.js';
export {
  type ReflectiveRecord,
  reflectiveDataset,
  renderReflectiveDataset,
} from './reflective-dataset.js';
export { gepaFormatVersion, runGepa } from './run-gepa.js';
