import type Anthropic from '@anthropic-ai/sdk';
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

/**
 * Turns whatever the SDK threw into the error Forge's middleware decides on. A caller's abort
 * comes back as the caller's reason; everything else becomes an `APICallError` with credentials
 * redacted and the SDK error (scrubbed) as its cause. A body that could not be read (cut
 * mid-body, truncated JSON) is `unreadable-response`, retryable.
 */
export function mapAnthropicError(
  error: unknown,
  context: {
    /** The SDK, whose error classes are matched (loaded by then: the call came from it). */
    readonly sdk: typeof Anthropic;
    readonly modelId: string;
    readonly baseURL: string;
    readonly signal: AbortSignal | undefined;
  },
): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const provider = 'anthropic';
  const { modelId, sdk } = context;
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
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new APICallError({
      message: `${where}: could not reach ${context.baseURL}${redactSecrets(cause)}`,
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
      return tooDeepResponseError({ ...origin, where: deep, cause: scrubError(error) });
    const type = error.type === null ? '' : `${error.type}: `;
    return httpCallError({
      provider,
      modelId,
      statusCode: error.status,
      detail: `${type}${error.apiMessage ?? error.message}`,
      header: headerLookup(error.headers),
      responseBody: error.error === undefined ? undefined : JSON.stringify(error.error),
      kind: error.status === 404 ? 'model-not-found' : 'http',
      hint:
        error.status === 401
          ? '(check ANTHROPIC_API_KEY or the `apiKey` setting)'
          : error.status === 404
            ? `(is "${modelId}" a model id the API knows?)`
            : undefined,
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
  if (error instanceof SyntaxError) return `the body is not valid JSON (${error.message})`;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `the body could not be read (${error.message}${cause})`;
}
