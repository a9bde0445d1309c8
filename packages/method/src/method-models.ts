import type { LanguageModel } from '@forge/provider';

/**
 * The models a method may call. The host resolves and meters them (limits, retries, the run's
 * call cache, cost by role); a method only chooses which role a call belongs to, by passing
 * `metadata: { role }` in its requests.
 */
export interface MethodModels {
  /** The frozen task model the program runs on (calls tagged role `task`). */
  readonly task: LanguageModel;
  /**
   * The optimizer-side model of a role: `reflect`, `assign`, `generate`, `verify`, or a role a
   * method defines (`curate`, `propose`, …). A role override in the config wins; any other role
   * gets the configured optimizer model.
   */
  optimizer(role: string): LanguageModel;
}
