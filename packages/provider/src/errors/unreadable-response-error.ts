import { redactSecrets } from '../settings/redact-secrets.js';
import { APICallError } from './api-call-error.js';

const maxBodyLength = 2000;

/**
 * The `APICallError` for a response whose body could not be read: the connection was cut
 * mid-body, or the body was truncated or not JSON. Retryable, like a reset: the server's answer
 * was lost on the way (a proxy's error page, a dropped connection), not wrong.
 */
export function unreadableResponseError(options: {
  /** Provider name, e.g. `openai`. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** Where the response came from (base URL or host), for the message. */
  readonly source: string;
  /** What went wrong reading it, e.g. the parser's message. */
  readonly detail: string;
  /** The part of the body that arrived, when known. */
  readonly responseBody?: string;
  /** The original error, after `scrubError`. */
  readonly cause?: unknown;
}): APICallError {
  return new APICallError({
    message: `${options.provider}:${options.modelId}: unreadable response from ${options.source}: ${redactSecrets(options.detail)}`,
    kind: 'unreadable-response',
    provider: options.provider,
    modelId: options.modelId,
    ...(options.responseBody === undefined
      ? {}
      : { responseBody: redactSecrets(options.responseBody).slice(0, maxBodyLength) }),
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}
