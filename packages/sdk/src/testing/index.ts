// Offline stand-ins for testing a Forge integration without a model (docs/try-without-a-model.md).
export type {
  MutateInstance,
  ScriptedMutationSeed,
  ScriptedReflection,
} from './forge-contracts.js';
export {
  type OptimizerContract,
  optimizerContractOf,
  type ScriptedOptimizerCall,
  type ScriptedOptimizerModel,
  type ScriptedOptimizerSettings,
  scriptedOptimizer,
} from './scripted-optimizer.js';
export {
  type ScriptedTaskCall,
  type ScriptedTaskModel,
  type ScriptedTaskModelSettings,
  scriptedTaskModel,
} from './scripted-task-model.js';
