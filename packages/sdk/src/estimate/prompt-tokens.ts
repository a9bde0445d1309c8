import { estimateRequestTokens, type GenerateRequest } from '@forge/provider';

/**
 * The prompt tokens a provider bills for a request, at four characters a token: its system
 * prompt, messages, tool calls and tool definitions — without the output limit that
 * `estimateRequestTokens` adds for rate limits.
 */
export function promptTokens(request: GenerateRequest): number {
  const { maxOutputTokens: _limit, ...prompt } = request;
  return estimateRequestTokens(prompt);
}
