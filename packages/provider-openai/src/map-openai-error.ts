import {
  APICallError,
  abortReason,
  ForgeError,
  headerLookup,
  httpCallError,
  isStackOverflow,
  maxResponseDepth,
  pathBeyondDepth,
  redactSecrets,
  scrubError,
  tooDeepResponseError,
  unreadableResponseError,
} from '@forge/provider';
import type OpenAI from 'openai';

/**
 * Turns whatever the SDK threw into the error Forge's middleware decides on. A caller's abort
 * comes back as the caller's reason; everything else becomes an `APICallError` with credentials
 * redacted and the SDK error (scrubbed) as its cause. A body that could not be read (cut
 * mid-body, truncated JSON) is `unreadable-response`, retryable.
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
  // An error body nested thousands deep overflows the SDK's own JSON.stringify before it can
  // build its error, or would overflow ours below: refused as an invalid response, not retried.
  const origin = { provider, modelId, source: context.baseURL };
  if (isStackOverflow(error)) return tooDeepResponseError({ ...origin, cause: scrubError(error) });
  if (error instanceof sdk.APIError && error.status !== undefined) {
    const deep = pathBeyondDepth(error.error, maxResponseDepth);
    if (deep !== undefined)
      return tooDeepResponseError({ ...origin, where: `error.${deep}`, cause: scrubError(error) });
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
  // Everything left failed after the status line arrived: the body was cut off mid-way or was
  // not JSON. The answer was lost on the way, so it is retried like a reset.
  return unreadableResponseError({
    provider,
    modelId,
    source: context.baseURL,
    detail: bodyFailure(error),
    cause: scrubError(error),
  });
}

function bodyFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error instanceof SyntaxError
    ? `the body is not valid JSON (${error.message})`
    : `the body could not be read (${causeMessage(error)})`;
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
