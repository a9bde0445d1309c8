export { checkDateTool } from './benchmark/check-date-tool.js';
export {
  createSimBenchmark,
  dateSignature,
  simBenchmarkId,
  simBenchmarkPackage,
  simBenchmarkTitle,
} from './benchmark/sim-benchmark.js';
export { type FaultWire, faultErrorBody } from './faults/fault-bodies.js';
export {
  createFaultPlan,
  type FaultKind,
  type FaultPlan,
  type FaultPlanOptions,
  faultDescriptions,
  faultKinds,
} from './faults/fault-plan.js';
export {
  type FaultProxy,
  type FaultProxyOptions,
  type FaultProxyStats,
  startFaultProxy,
} from './faults/start-fault-proxy.js';
export type { LatencySpec } from './models/latency.js';
export {
  createSimOptimizerModel,
  optimizerRoleOf,
  simOptimizerModelId,
} from './optimizer/sim-optimizer-model.js';
export { dateProgram } from './program/date-program.js';
export { evaluateDate } from './program/evaluate-date.js';
export { formatSeedPrompt, interpretSeedPrompt } from './program/seed-prompts.js';
export {
  type SimServer,
  type SimServerOptions,
  startSimServer,
} from './server/start-sim-server.js';
export {
  defaultSimSizes,
  defaultSimSynthesis,
  type ResolvedSimOptions,
  resolveSimOptions,
  type SimOptions,
  type SimRole,
} from './sim-options.js';
export {
  createSimModel,
  createSimWorld,
  type SimWorld,
  simModelIds,
  simProviderFactory,
} from './sim-world.js';
export { createSimTaskModel, simTaskModelId } from './task-model/sim-task-model.js';
export { generateSplits, type SplitSizes } from './world/generate-splits.js';
export { type DateReading, readDateText } from './world/read-date-text.js';
export {
  type SimModuleName,
  type SimRule,
  type SimRuleId,
  simRules,
  twoDigitYearPivot,
} from './world/sim-rules.js';
