import type { LanguageModel } from '@forge/provider';
import {
  createSimOptimizerModel,
  createSimTaskModel,
  resolveSimOptions,
  type SimOptions,
  simOptimizerModelId,
  simTaskModelId,
} from '@forge/sim';

/** The simulated models a wire server answers with, by the model id a client asks for. */
export type SimModelLookup = (modelId: string) => LanguageModel | undefined;

/** The simulated task and optimizer models, found as `task` / `optimizer` (or `sim:…`). */
export function simModelLookup(options: SimOptions = {}): SimModelLookup {
  const resolved = resolveSimOptions(options);
  const models = new Map<string, LanguageModel>([
    [simTaskModelId, createSimTaskModel(resolved)],
    [simOptimizerModelId, createSimOptimizerModel(resolved)],
  ]);
  return (modelId) => models.get(modelId.startsWith('sim:') ? modelId.slice(4) : modelId);
}
