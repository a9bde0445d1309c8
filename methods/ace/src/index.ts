export { aceMethod } from './ace-method.js';
export {
  type AceProfile,
  type AceSettings,
  defaultSections,
  parseAceSettings,
} from './ace-settings.js';
export { applyBulletTags, type BulletTag, type TagCounts } from './playbook/apply-bullet-tags.js';
export {
  type AppliedOperation,
  applyCuratorOperations,
  type DeltaResult,
  type RejectedOperation,
  type RejectionReason,
} from './playbook/apply-curator-operations.js';
export {
  type CurationEffect,
  curatePlaybook,
  type RefineOptions,
} from './playbook/curate-playbook.js';
export type {
  CuratorOperation,
  InvalidOperation,
  ParsedOperation,
} from './playbook/curator-operation.js';
export { type DuplicateMerge, deduplicateBullets } from './playbook/deduplicate-bullets.js';
export { type BudgetEnforcement, enforceTokenBudget } from './playbook/enforce-token-budget.js';
export { contentWords, lexicalSimilarity } from './playbook/lexical-similarity.js';
export {
  type Bullet,
  bulletId,
  createPlaybook,
  type Playbook,
  type PlaybookTotals,
  playbookTotals,
} from './playbook/playbook.js';
export { playbookPrompts } from './playbook/playbook-prompts.js';
export {
  estimateTokens,
  playbookTokens,
  renderBulletLine,
  renderPlaybook,
} from './playbook/render-playbook.js';
export { type CurationParse, parseCuration } from './roles/curation.js';
export {
  curatorAddOnlySystemPrompt,
  curatorMessage,
  curatorSystemPrompt,
  curatorTrailer,
} from './roles/curator-prompt.js';
export {
  parseReflection,
  type Reflection,
  type ReflectionParse,
  renderReflection,
} from './roles/reflection.js';
export {
  reflectorMessage,
  reflectorSystemPrompt,
  reflectorTrailer,
} from './roles/reflector-prompt.js';
export type { AceCandidate, AceState, AceTallies, SampleOutcome } from './run/ace-state.js';
export { aceFormatVersion } from './run/run-ace.js';
