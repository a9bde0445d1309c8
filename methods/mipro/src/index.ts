export type { DemoSet, LabelledFields } from './bootstrap/assemble-demo-sets.js';
export type { BootstrapOutcome } from './bootstrap/bootstrap-outcome.js';
export type { DemoSetSpec } from './bootstrap/demo-set-plan.js';
export { estimateMipro } from './mipro-estimate.js';
export { miproMethod } from './mipro-method.js';
export type { MiproPhase, MiproState, SearchState } from './mipro-state.js';
export {
  largestTrials,
  type SearchCostModel,
  searchEvaluations,
} from './plan/search-cost.js';
export {
  describeModuleMessage,
  describeProgramMessage,
  observeMessage,
  observeMoreMessage,
  proposalTrailers,
  proposeMessage,
  summarizeMessage,
} from './propose/proposal-messages.js';
export { type ProposalTip, proposalTips } from './propose/proposal-tips.js';
export { type MiproPreset, miproPresets, presetTrials } from './settings/mipro-presets.js';
export { type MiproSettings, parseMiproSettings } from './settings/mipro-settings.js';
export {
  goodGroupSize,
  suggestTpe,
  type TpeObservation,
  type TpeSettings,
} from './tpe/tpe-sampler.js';
