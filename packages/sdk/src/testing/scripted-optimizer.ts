import {
  isAceCurationPrompt,
  isAceReflectionPrompt,
  isAssignmentPrompt,
  isGenerationPrompt,
  isGepaReflectionPrompt,
  isReflectionPrompt,
  isVerificationPrompt,
} from '@forge/program';
import type { GenerateRequest, LanguageModel } from '@forge/provider';
import {
  defaultAssign,
  defaultGenerate,
  defaultReflect,
  defaultVerify,
  type MutateInstance,
  readForgeReflection,
  type ScriptedReflection,
} from './forge-contracts.js';
import {
  defaultAceCurate,
  defaultAceReflect,
  defaultMipro,
  gepaAnswer,
  type MiproContract,
  miproContractOf,
  readGepaReflection,
} from './peer-contracts.js';
import { scriptedLanguageModel } from './scripted-language-model.js';

/** The optimizer contracts the scripted optimizer speaks (docs/prompt-contracts.md). */
export type OptimizerContract =
  | 'reflect'
  | 'assign'
  | 'generate'
  | 'verify'
  | 'gepa-reflect'
  | 'ace-reflect'
  | 'ace-curate'
  | MiproContract;

/** Settings of `scriptedOptimizer`. */
export interface ScriptedOptimizerSettings {
  /**
   * How reflection (Forge's and GEPA's) rewrites a module's prompt from the feedback it is shown.
   * Default: the current prompt with each feedback sentence it does not state appended as a rule.
   */
  readonly reflect?: (reflection: ScriptedReflection) => string;
  /**
   * How synthesis varies a failed instance (by intent, failure mode, feedback). Default: a copy
   * of the failed instance, which a run's duplicate guard (on by default) rejects before the
   * verifier (a copy of a training instance that validation also holds, as leaked): without
   * `mutate`, synthesis admits nothing and the verifier is never called.
   */
  readonly mutate?: MutateInstance;
  /**
   * Answers by contract, replacing the default: the full answer text in the contract's output
   * format, or `undefined` to fall back to the default for this request.
   */
  readonly overrides?: Partial<
    Record<OptimizerContract, (user: string, request: GenerateRequest) => string | undefined>
  >;
  /** Provider name the model reports. Default `scripted`. */
  readonly provider?: string;
  /** Model id the model reports. Default `optimizer`. */
  readonly modelId?: string;
}

/** One request the scripted optimizer answered. */
export interface ScriptedOptimizerCall {
  /** The contract recognised, or `unknown`. */
  readonly contract: OptimizerContract | 'unknown';
  /** The request as received. */
  readonly request: GenerateRequest;
  /** The answer sent. */
  readonly text: string;
}

/** A scripted optimizer: a `LanguageModel` that records its calls. */
export interface ScriptedOptimizerModel extends LanguageModel {
  /** Every request answered, in the order received. */
  readonly calls: readonly ScriptedOptimizerCall[];
}

/** The contract a user message asks for, recognised from its fixed headings alone. */
export function optimizerContractOf(user: string): OptimizerContract | undefined {
  if (isReflectionPrompt(user)) return 'reflect';
  if (isAssignmentPrompt(user)) return 'assign';
  if (isVerificationPrompt(user)) return 'verify';
  if (isGenerationPrompt(user)) return 'generate';
  if (isGepaReflectionPrompt(user)) return 'gepa-reflect';
  if (isAceReflectionPrompt(user)) return 'ace-reflect';
  if (isAceCurationPrompt(user)) return 'ace-curate';
  return miproContractOf(user);
}

/**
 * An offline stand-in for the optimizer model that speaks every optimizer contract of every
 * method: Forge's reflector, assigner, generator and verifier; GEPA's reflection; ACE's reflector
 * and curator; MIPROv2's proposal stage. It recognises a request by its contract's fixed headings
 * and answers with defaults that make any program's search move: reflection appends the distinct
 * feedback sentences as rules, the assigner groups failures by their first feedback sentence,
 * the generator varies the failed instance through `mutate` (or copies it), the verifier accepts,
 * ACE's curator adds the feedback as bullets, MIPROv2's proposer adds its tip. `overrides`
 * replace any contract's answer. Deterministic; not an LLM.
 */
export function scriptedOptimizer(
  settings: ScriptedOptimizerSettings = {},
): ScriptedOptimizerModel {
  const calls: ScriptedOptimizerCall[] = [];
  const reflect = settings.reflect ?? defaultReflect;
  return scriptedLanguageModel(settings, 'optimizer', calls, (request) => {
    const user = String(request.messages.find((message) => message.role === 'user')?.content ?? '');
    const contract = optimizerContractOf(user);
    // Every contract but GEPA's ends with one fixed instruction paragraph: not part of the data.
    const body = user.includes('\n\n') ? user.slice(0, user.lastIndexOf('\n\n')) : user;
    const text =
      contract === undefined
        ? 'The scripted optimizer answers only the contracts of docs/prompt-contracts.md.'
        : (settings.overrides?.[contract]?.(user, request) ??
          defaultAnswer(contract, contract === 'gepa-reflect' ? user : body, settings, reflect));
    calls.push({ contract: contract ?? 'unknown', request, text });
    return { user, text };
  });
}

function defaultAnswer(
  contract: OptimizerContract,
  user: string,
  settings: ScriptedOptimizerSettings,
  reflect: (reflection: ScriptedReflection) => string,
): string {
  switch (contract) {
    case 'reflect':
      return `<system_prompt>\n${reflect(readForgeReflection(user))}\n</system_prompt>`;
    case 'assign':
      return defaultAssign(user);
    case 'generate':
      return defaultGenerate(user, settings.mutate);
    case 'verify':
      return defaultVerify();
    case 'gepa-reflect':
      return gepaAnswer(reflect(readGepaReflection(user)));
    case 'ace-reflect':
      return defaultAceReflect(user);
    case 'ace-curate':
      return defaultAceCurate(user);
    default:
      return defaultMipro(contract, user);
  }
}
