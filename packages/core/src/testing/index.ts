// Test helpers for packages that drive the core (the store, the sdk, the CLI): a toy task with
// scripted models. Not part of the public API.
export {
  categories,
  hashLatency,
  proposedPrompt,
  toyEvaluate,
  toyInstances,
  toyOptimizer,
  toyProgram,
  toyReflector,
  toyTaskModel,
} from './toy-task.js';
