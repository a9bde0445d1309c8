export type { GenerationContext } from './generation-context.js';
export { parseVerdict, type Verdict } from './parse-verdict.js';
export { renderGeneratorActivity } from './render-generator-activity.js';
export {
  buildVerifierPrompt,
  type VerifierPromptOptions,
  verifierSystemPrompt,
} from './verifier-prompt.js';
export {
  type VerifyInstanceOptions,
  type VerifyInstanceResult,
  verifyInstance,
} from './verify-instance.js';
