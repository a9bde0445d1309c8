import {
  APICallError,
  abortReason,
  ForgeError,
  headerLookup,
  httpCallError,
  redactSecrets,
  scrubError,
} from '@forge/provider';
import type OpenAI from 'openai';

/**
 * Turns whatever the SDK threw into the error Forge's middleware decides on. A caller's abort
 * comes back as the caller's reason; everything else becomes an `APICallError` with credentials
 * redacted and the SDK error (scrubbed) as its cause.
 */
export function mapOpenAIError(
  error: unknown,
  context: {
    /** The SDK, whose error classes are matched (loaded by then: the call came from it). */
    readonly sdk: typeof OpenAI;
    readonly provider: string;
    readonly modelId: string;
    readonly baseURL: string;
    readonly signal: AbortSignal | undefined;
  },
): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const { provider, modelId, sdk } = context;
  const where = `${provider}:${modelId}`;
  if (error instanceof sdk.APIUserAbortError) {
    return new APICallError({
      message: `${where}: request aborted`,
      kind: 'aborted',
      provider,
      modelId,
    });
  }
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return new APICallError({
      message: `${where}: the SDK request timed out`,
      kind: 'timeout',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  if (error instanceof sdk.APIConnectionError) {
    return new APICallError({
      message: `${where}: could not reach ${context.baseURL}: ${redactSecrets(causeMessage(error))}`,
      kind: 'connection',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  if (error instanceof sdk.APIError && error.status !== undefined) {
    const body = error.error as { message?: unknown } | undefined;
    const detail = typeof body?.message === 'string' ? body.message : error.message;
    return httpCallError({
      provider,
      modelId,
      statusCode: error.status,
      detail,
      header: headerLookup(error.headers),
      responseBody: body === undefined ? undefined : JSON.stringify(body),
      kind: error.status === 404 ? 'model-not-found' : 'http',
      hint: hintFor(error.status, context.baseURL, modelId),
      cause: scrubError(error),
    });
  }
  return new APICallError({
    message: `${where}: unreadable response: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
    kind: 'invalid-response',
    provider,
    modelId,
    cause: scrubError(error),
  });
}

function hintFor(status: number, baseURL: string, modelId: string): string | undefined {
  if (status === 401) return '(check OPENAI_API_KEY or the `apiKey` setting)';
  if (status === 404)
    return `(is "${modelId}" served at ${baseURL}? GET ${baseURL}/models lists the models)`;
  return undefined;
}

function causeMessage(error: Error): string {
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    const inner = cause.cause instanceof Error ? cause.cause.message : undefined;
    return [cause.message, typeof code === 'string' ? code : undefined, inner]
      .filter((part) => part !== undefined && part !== '')
      .join(': ');
  }
  return error.message;
}
