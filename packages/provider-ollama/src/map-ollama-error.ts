import {
  APICallError,
  abortReason,
  ForgeError,
  headerLookup,
  httpCallError,
  isStackOverflow,
  redactSecrets,
  scrubError,
  tooDeepResponseError,
  unreadableResponseError,
} from '@forge/provider';

/**
 * Turns whatever the ollama client threw into the error Forge's middleware decides on. A 404
 * "model not found" becomes kind `model-not-found` telling the user to `ollama pull` it; a
 * refused connection says where Ollama was expected; a body that could not be read after the
 * response began (cut mid-body, not JSON) is `unreadable-response`, retried like a reset.
 */
export function mapOllamaError(
  error: unknown,
  context: {
    readonly modelId: string;
    readonly host: string;
    readonly signal: AbortSignal | undefined;
    /** The response's headers, once they arrived (undefined: no response began). */
    readonly responseHeaders: Headers | undefined;
  },
): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const provider = 'ollama';
  const { modelId, host } = context;
  // A body nested thousands deep overflows the client's own handling of it: refused as an
  // invalid response, not retried.
  if (isStackOverflow(error))
    return tooDeepResponseError({ provider, modelId, source: host, cause: scrubError(error) });
  const statusCode = (error as { status_code?: unknown }).status_code;
  if (error instanceof Error && error.name === 'ResponseError' && typeof statusCode === 'number') {
    const detail = (error as { error?: unknown }).error;
    const message = typeof detail === 'string' ? detail : error.message;
    const notFound = statusCode === 404 && /not found/i.test(message);
    return httpCallError({
      provider,
      modelId,
      statusCode,
      detail: message,
      header: headerLookup(context.responseHeaders),
      responseBody: message,
      kind: notFound ? 'model-not-found' : 'http',
      hint: notFound ? `Pull it first: \`ollama pull ${modelId}\` (on ${host}).` : undefined,
      cause: scrubError(error),
    });
  }
  if (context.responseHeaders !== undefined) {
    return unreadableResponseError({
      provider,
      modelId,
      source: host,
      detail:
        error instanceof SyntaxError
          ? `the body is not valid JSON (${error.message})`
          : `the body could not be read (${describe(error)})`,
      cause: scrubError(error),
    });
  }
  if (
    error instanceof TypeError &&
    /fetch failed|ECONNREFUSED|socket|network/i.test(describe(error))
  ) {
    return new APICallError({
      message: `ollama:${modelId}: could not reach Ollama at ${host} (${redactSecrets(describe(error))}); is \`ollama serve\` running? Set OLLAMA_HOST or the \`host\` setting if it runs elsewhere.`,
      kind: 'connection',
      provider,
      modelId,
      cause: scrubError(error),
    });
  }
  return new APICallError({
    message: `ollama:${modelId}: unreadable response from ${host}: ${redactSecrets(describe(error))}`,
    kind: 'invalid-response',
    provider,
    modelId,
    cause: scrubError(error),
  });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return [error.message, typeof code === 'string' ? code : cause.message].join(': ');
  }
  return error.message;
}
