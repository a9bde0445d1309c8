import {
  APICallError as AISDKAPICallError,
  AISDKError,
  InvalidArgumentError as AISDKInvalidArgumentError,
  LoadSettingError as AISDKLoadSettingError,
  InvalidPromptError,
  LoadAPIKeyError,
  NoSuchModelError,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import {
  APICallError,
  abortReason,
  ForgeError,
  headerLookup,
  InvalidArgumentError,
  isStackOverflow,
  jsonTextBeyondDepth,
  LoadSettingError,
  networkFailureKind,
  parseRetryAfterMs,
  providerFailure,
  redactSecrets,
  scrubError,
  tooDeepResponseError,
} from '@forge/provider';

/** Where the failing call went, for `mapAISDKError`. */
export interface AISDKErrorContext {
  /** Forge provider name the model reports. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** The AI SDK model's own provider id, e.g. `openai.chat`, for messages. */
  readonly aiSDKProvider: string;
  /** The call's signal: when it was aborted, its reason is the error. */
  readonly signal: AbortSignal | undefined;
}

const maxBodyLength = 2000;

/**
 * Turns what an AI SDK model threw into the error Forge's middleware and CLI decide on. The
 * caller's abort (including a Forge timeout) comes back as the signal's reason; an AI SDK
 * `APICallError` keeps its status, its own `isRetryable` verdict, the server's `retry-after` and
 * a redacted, truncated body; a missing key becomes `LoadSettingError`, an unsupported request
 * `InvalidArgumentError`, a model the provider does not know `model-not-found`, an unreadable
 * answer `invalid-response`; timeouts and aborts of the provider's own are `timeout` (retryable)
 * and `aborted`; anything else goes through `providerFailure`, so network-shaped errors retry.
 */
export function mapAISDKError(error: unknown, context: AISDKErrorContext): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const { provider, modelId } = context;
  const where = `${provider}:${modelId}`;
  // A body nested thousands deep overflows the provider package's own handling of it: refused
  // as an invalid response, not retried.
  if (isStackOverflow(error)) {
    return tooDeepResponseError({
      provider,
      modelId,
      source: context.aiSDKProvider,
      cause: scrubError(error),
    });
  }
  const detail = redactSecrets(error instanceof Error ? error.message : String(error));
  if (AISDKAPICallError.isInstance(error)) return fromAPICallError(error, context);
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  if (name === 'TimeoutError') {
    return new APICallError({
      message: `${where}: the request timed out: ${detail}`,
      kind: 'timeout',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  if (name === 'AbortError' || name === 'ResponseAborted') {
    return new APICallError({
      message: `${where}: request aborted`,
      kind: 'aborted',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  if (LoadAPIKeyError.isInstance(error) || AISDKLoadSettingError.isInstance(error)) {
    return new LoadSettingError({
      environmentVariable: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.exec(detail)?.[0] ?? 'unknown',
      message: `${where}: ${detail}`,
    });
  }
  if (
    UnsupportedFunctionalityError.isInstance(error) ||
    InvalidPromptError.isInstance(error) ||
    AISDKInvalidArgumentError.isInstance(error)
  ) {
    const argument = AISDKInvalidArgumentError.isInstance(error) ? error.argument : 'request';
    return new InvalidArgumentError({
      argument,
      message: `${where}: ${context.aiSDKProvider} cannot take this request: ${detail}`,
      cause: scrubError(error),
    });
  }
  if (NoSuchModelError.isInstance(error)) {
    return new APICallError({
      message: `${where}: ${detail}`,
      kind: 'model-not-found',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  if (AISDKError.isInstance(error) && networkFailureKind(error) === undefined) {
    return new APICallError({
      message: `${where}: unreadable response from ${context.aiSDKProvider}: ${detail}`,
      kind: 'invalid-response',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  return providerFailure(error, {
    provider,
    modelId,
    source: `AI SDK model ${context.aiSDKProvider}`,
  });
}

function fromAPICallError(error: AISDKAPICallError, context: AISDKErrorContext): APICallError {
  const { provider, modelId } = context;
  const where = `${provider}:${modelId}`;
  const detail = redactSecrets(error.message.trim() || 'no error message');
  if (error.responseBody !== undefined && jsonTextBeyondDepth(error.responseBody)) {
    return tooDeepResponseError({
      provider,
      modelId,
      source: context.aiSDKProvider,
      where:
        error.statusCode === undefined
          ? 'the error body'
          : `the HTTP ${error.statusCode} error body`,
      cause: scrubError(error),
    });
  }
  const responseBody =
    error.responseBody === undefined ? undefined : truncate(redactSecrets(error.responseBody));
  const common = {
    provider,
    modelId,
    retryAfterMs: parseRetryAfterMs(headerLookup(error.responseHeaders)),
    ...(responseBody === undefined ? {} : { responseBody }),
    cause: scrubError(error),
  };
  if (error.statusCode === undefined) {
    // No answer at all: the AI SDK wraps fetch's failure as "Cannot connect to API: …".
    return new APICallError({
      ...common,
      message: `${where}: ${detail}`,
      kind: networkFailureKind(error.cause) ?? 'connection',
      isRetryable: error.isRetryable,
    });
  }
  const notFound = error.statusCode === 404;
  return new APICallError({
    ...common,
    message: `${where}: HTTP ${error.statusCode}: ${detail}`,
    kind: notFound ? 'model-not-found' : 'http',
    statusCode: error.statusCode,
    isRetryable: notFound ? false : error.isRetryable,
  });
}

function truncate(text: string): string {
  return text.length <= maxBodyLength ? text : `${text.slice(0, maxBodyLength)}… (truncated)`;
}
