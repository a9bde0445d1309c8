import {
  answerMisbehaviours,
  createRandom,
  isAssignmentPrompt,
  isGenerationPrompt,
  isGepaReflectionPrompt,
  isReflectionPrompt,
  isVerificationPrompt,
  miproPromptKindOf,
  misbehave,
} from '@forge/program';
import type { GenerateRequest, GenerateResult, LanguageModel } from '@forge/provider';
import { buildResult, estimateTokens } from '../models/build-result.js';
import { drawLatency, sleep } from '../models/latency.js';
import { hashRequest } from '../models/request-hash.js';
import {
  type ResolvedSimOptions,
  resolveSimOptions,
  type SimOptions,
  type SimRole,
} from '../sim-options.js';
import { aceRoleOf, answerAce } from './ace-answer.js';
import { assign } from './assign.js';
import { generate, type RoleAnswer } from './generate.js';
import { reflectForGepa } from './gepa-reflect.js';
import { malformedAssignment, malformedReflection } from './malformed-output.js';
import { answerMiproRequest } from './mipro/mipro-requests.js';
import { reflect } from './reflect.js';
import { verify } from './verify.js';

/** Model id of the simulated optimizer model (`sim:optimizer`). */
export const simOptimizerModelId = 'optimizer';

/** The optimizer role a user message asks for, recognised from its headings alone. */
export function optimizerRoleOf(user: string): Exclude<SimRole, 'task'> | undefined {
  if (isReflectionPrompt(user) || isGepaReflectionPrompt(user)) return 'reflector';
  if (isAssignmentPrompt(user)) return 'assigner';
  if (isVerificationPrompt(user)) return 'verifier';
  if (isGenerationPrompt(user)) return 'generator';
  if (miproPromptKindOf(user) !== undefined) return 'proposer';
  return aceRoleOf(user);
}

/**
 * Creates the simulated optimizer model (`sim:optimizer`). It plays every optimizer role
 * (Forge's four; GEPA's reflection; ACE's reflector and curator; MIPROv2's proposal stage),
 * recognising each from the opening user message's headings (docs/prompt-contracts.md), never
 * from metadata or the system prompt, so it behaves the same over the wire. Every choice is
 * drawn from the request's hash: the same request always gets the same answer.
 */
export function createSimOptimizerModel(
  options: SimOptions | ResolvedSimOptions = {},
): LanguageModel {
  const resolved = 'simulated' in options ? options : resolveSimOptions(options);
  return {
    specificationVersion: 'v1',
    provider: 'sim',
    modelId: simOptimizerModelId,
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const hash = hashRequest(resolved.seed, simOptimizerModelId, request);
      await sleep(
        drawLatency(resolved.latency.optimizer, createRandom(hash, 'latency')),
        request.abortSignal,
      );
      const answer = answerFor(request, hash, resolved);
      const result = buildResult({
        request,
        text: answer.text,
        toolCalls: answer.toolCalls,
        modelId: simOptimizerModelId,
        responseId: `sim-optimizer-${hash.slice(0, 16)}`,
      });
      return misbehaveAt(result, hash, resolved.misbehaveRate);
    },
  };
}

/**
 * A final answer (no tool calls) spoiled as real models spoil answers, on `rate` of requests:
 * the form is drawn from the request's hash (`answerMisbehaviours`).
 */
function misbehaveAt(result: GenerateResult, hash: string, rate: number): GenerateResult {
  if (rate <= 0 || result.toolCalls.length > 0 || result.finishReason !== 'stop') return result;
  if (createRandom(hash, 'misbehave').next() >= rate) return result;
  const form = createRandom(hash, 'misbehave-form').pick(answerMisbehaviours);
  const spoiled = misbehave(result.text, form);
  return {
    ...result,
    text: spoiled.text,
    finishReason: spoiled.finishReason,
    usage: { ...result.usage, outputTokens: estimateTokens(spoiled.text) },
  };
}

function answerFor(
  request: GenerateRequest,
  hash: string,
  options: ResolvedSimOptions,
): RoleAnswer {
  const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
  const role = optimizerRoleOf(user);
  if (role === undefined) {
    return {
      text: "This simulated optimizer model answers only the requests of docs/prompt-contracts.md (Forge's reflector, assigner, generator and verifier; GEPA's reflection; ACE's reflector and curator; MIPROv2's proposal stage).",
    };
  }
  const malformed = createRandom(hash, 'malformed').next() < options.malformedRate[role];
  const kind = createRandom(hash, 'malformed-kind');
  switch (role) {
    case 'reflector': {
      if (isGepaReflectionPrompt(user))
        return { text: reflectForGepa(user, malformed ? kind : undefined) };
      const answer = reflect(user);
      if (!malformed) return { text: answer };
      const prompt = /<system_prompt>\n([\s\S]*)\n<\/system_prompt>/.exec(answer)?.[1] ?? answer;
      return { text: malformedReflection(prompt, kind) };
    }
    case 'assigner': {
      if (malformed) return { text: malformedAssignment(kind) };
      const { decision, reasoning } = assign(user);
      return { text: `${reasoning}\n\n<assignment>\n${JSON.stringify(decision)}\n</assignment>` };
    }
    case 'generator':
      return generate({
        seed: options.seed,
        request,
        user,
        malformed,
        flawRate: options.flawRate,
        requestHash: hash,
      });
    case 'verifier':
      return verify({ seed: options.seed, request, user, malformed, requestHash: hash });
    case 'ace-reflector':
    case 'ace-curator':
      return {
        text: answerAce({
          role,
          user,
          requestHash: hash,
          malformed,
          kind,
          flawRate: options.flawRate,
        }),
      };
    case 'proposer':
      return { text: answerMiproRequest({ user, requestHash: hash, malformed }) };
  }
}
