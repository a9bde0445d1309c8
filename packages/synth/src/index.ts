// Re-exported so that a project depending only on @forge/synth (and a provider) has what it needs.
export type { FailureMemoryState, FailureMode, Observation } from '@forge/memory';
export {
  defineSignature,
  type Instance,
  type Signature,
  type SignatureField,
} from '@forge/program';
export { type AgentTool, defineTool, type LanguageModel, type Usage } from '@forge/provider';
export type { GenerationContext, Verdict } from '@forge/verify';
export { allocateAttempts } from './allocation/allocate-attempts.js';
export { rejectedToJsonl } from './export/rejected-to-jsonl.js';
export { toJsonl } from './export/to-jsonl.js';
export {
  type TrlRow,
  type TrlRowOptions,
  toTrlRows,
  trlRowsToJsonl,
} from './export/to-trl-rows.js';
export { type GeneratedCandidate, generateCandidate } from './generate/generate-candidate.js';
export {
  buildGeneratorPrompt,
  generatorSystemPrompt,
  sourceFeedback,
} from './generate/generator-prompt.js';
export {
  type GenerationFailureCode,
  type ParsedSyntheticExample,
  parseSyntheticExample,
} from './generate/parse-synthetic-example.js';
export {
  auditLeakage,
  type LeakageAudit,
  type LeakageAuditMatch,
  type LeakagePartitionAudit,
} from './guards/audit-leakage.js';
export { DuplicateIndex, type DuplicateMatch } from './guards/duplicate-index.js';
export {
  defaultLeakageNgramSize,
  defaultLeakageThreshold,
  defaultNearDuplicateThreshold,
  type ResolvedGuards,
  resolveGuards,
  type SynthesisGuardOptions,
} from './guards/guard-options.js';
export { LeakageIndex, type LeakageMatch } from './guards/leakage-index.js';
export { textTokens } from './guards/text-tokens.js';
export { cycleIntent, type MutationIntent, mutationIntentCycle } from './plan/mutation-intent.js';
export {
  type IntentPolicy,
  type PlanSynthesisEventOptions,
  planSynthesisEvent,
  type SynthesisSource,
} from './plan/plan-synthesis-event.js';
export type { SynthesisMode, SynthesisSlot } from './plan/synthesis-slot.js';
export {
  type AttemptOutcome,
  type AttemptRecord,
  attemptOutcomes,
  type GuardMatch,
} from './run/attempt-record.js';
export { createJsonlJournal } from './run/jsonl-journal.js';
export {
  type RunSynthesisEventOptions,
  runSynthesisEvent,
  type SynthesisEventResult,
} from './run/run-synthesis-event.js';
export {
  accountAttempts,
  emptyOutcomeCounts,
  type ModeAccounting,
  type OutcomeCounts,
  type SynthesisAccounting,
} from './run/synthesis-accounting.js';
export { SynthesisError } from './run/synthesis-error.js';
export {
  createMemoryJournal,
  type MemorySynthesisJournal,
  type SynthesisJournal,
} from './run/synthesis-journal.js';
export { type FailureLine, failureLineSchema, readFailures } from './standalone/read-failures.js';
export { instanceLineSchema, readInstances } from './standalone/read-instances.js';
export {
  buildSynthesisReport,
  formatSynthesisReport,
  type ModeReport,
  type SynthesisReport,
} from './standalone/synthesis-report.js';
export {
  type SynthesizeOptions,
  type SynthesizeResult,
  synthesize,
} from './standalone/synthesize.js';
