// Test helpers for method authors: a context with memory persistence and a counting program,
// a world (benchmark and models) to run a method in, the crash-and-resume check every method
// must pass, and a toy task (instances, program, evaluator, task model) any method can climb.
export { checkMethodResume, type MethodResumeReport } from './check-method-resume.js';
export {
  createMethodTestContext,
  createTestCache,
  type MethodTestContext,
  type MethodTestContextOptions,
} from './method-test-context.js';
export {
  type MethodTestWorld,
  type MethodTestWorldOptions,
  type MethodWorldRun,
  type MethodWorldRunOptions,
  runMethodInWorld,
  worldTestOptions,
} from './method-test-world.js';
export {
  categories,
  hashLatency,
  toyEvaluate,
  toyInstances,
  toyProgram,
  toyTaskModel,
} from './toy-task.js';
