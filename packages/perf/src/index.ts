export { type PerfReport, runPerfHarness } from './run-perf-harness.js';
export { criticalPathRounds } from './sections/wall-time.js';
export { checkTargets, type TargetCheck } from './targets.js';
export { reflectOnSubstitutions } from './workload/substitution-reflector.js';
export {
  evaluateSubstitution,
  readRuleSentences,
  ruleSentence,
  substitutionInstances,
  substitutionRules,
} from './workload/substitution-task.js';
export { createSubstitutionTaskModel } from './workload/substitution-task-model.js';
export {
  createWorkload,
  type Workload,
  type WorkloadShape,
} from './workload/substitution-workload.js';
export { defaultReportPath, writePerfReport } from './write-perf-report.js';
