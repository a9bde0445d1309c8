import { createHash } from 'node:crypto';
import type { GenerateRequest } from '../language-model/generate-request.js';
import { canonicalJson } from './canonical-json.js';

/** Version of the key layout; bump it when the key's inputs change meaning. */
export const callCacheKeyVersion = 1;

/**
 * The cache key of a call: SHA-256 (hex) of the canonical JSON of the provider, the model id,
 * the sample index (default 0) and everything in the request that can change the answer —
 * system, messages, tools, tool choice, output limit, temperature, response format and provider
 * options. The abort signal and the caller's role are left out (they do not change the answer),
 * and so are credentials and transport settings, which never appear in a request.
 */
export function callCacheKey(
  model: { readonly provider: string; readonly modelId: string },
  request: GenerateRequest,
): string {
  const keyed = {
    version: callCacheKeyVersion,
    provider: model.provider,
    modelId: model.modelId,
    sampleIndex: request.metadata?.sampleIndex ?? 0,
    request: {
      system: request.system,
      messages: request.messages,
      tools: request.tools,
      toolChoice: request.toolChoice,
      maxOutputTokens: request.maxOutputTokens,
      temperature: request.temperature,
      responseFormat: request.responseFormat,
      providerOptions: request.providerOptions,
    },
  };
  return createHash('sha256').update(canonicalJson(keyed)).digest('hex');
}
