import type { LanguageModel } from '@forge/provider';
import { createScriptedOptimizer } from './scripted-optimizer.js';
import { createScriptedTaskAgent } from './scripted-task-agent.js';

/**
 * A provider factory for the scripted AppWorld models (simulated), to register as a provider
 * module (`forge optimize --provider scripted=./module.mjs`): model id `agent` is the scripted
 * task agent, `looping-agent` the one that never finishes, anything else the scripted optimizer.
 */
export function scriptedAppWorldProvider(modelId: string): LanguageModel {
  if (modelId === 'agent') return createScriptedTaskAgent();
  if (modelId === 'looping-agent') return createScriptedTaskAgent({ behaviour: 'loop' });
  return createScriptedOptimizer();
}
