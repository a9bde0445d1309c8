import { abortReason } from '../middleware/clock.js';
import { redactSecrets } from '../settings/redact-secrets.js';
import { APICallError } from './api-call-error.js';
import { ForgeError } from './forge-error.js';
import { scrubError } from './http-call-error.js';
import { httpStatusOf, isRetryableError } from './is-retryable-error.js';
import { networkFailureKind } from './network-error.js';

/** Where an error that is not Forge's came from, for `providerFailure`. */
export interface ProviderFailureContext {
  /** The provider's name as registered, e.g. `my-gateway`. */
  readonly provider: string;
  /** The model id that was asked for. */
  readonly modelId: string;
  /** Who implemented the provider, for the message, e.g. `module ./my-provider.mjs`. */
  readonly source?: string;
  /** `create` when the factory threw, `generate` (the default) when a call did. */
  readonly operation?: 'create' | 'generate';
  /** The call's signal: when the caller aborted, the caller's reason is returned as it is. */
  readonly signal?: AbortSignal;
}

/**
 * Turns an error a provider's own code threw into the `APICallError` Forge's middleware and CLI
 * decide on, so a custom provider's plain `Error` is reported as that provider's failure rather
 * than as a bug in Forge. Forge errors and the caller's own abort pass through unchanged.
 *
 * The kind follows the error's shape: network-shaped errors become `connection` or `timeout`
 * (retryable), an error with an HTTP `statusCode`/`status` becomes `http`, an `AbortError` the
 * caller did not ask for becomes `aborted`, anything else `provider`. A boolean `isRetryable`
 * and a numeric `retryAfterMs` on the error are kept. The message names the provider and where
 * it came from; credentials in it are redacted, and the cause is a scrubbed copy.
 */
export function providerFailure(error: unknown, context: ProviderFailureContext): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const { provider, modelId } = context;
  const who = context.source ?? `provider "${provider}"`;
  const during = context.operation === 'create' ? ' while creating the model' : '';
  const text = describe(error);
  const network = networkFailureKind(error);
  const statusCode = httpStatusOf(error);
  const aborted = network === undefined && nameOf(error) === 'AbortError';
  const retryAfterMs = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return new APICallError({
    message: `${provider}:${modelId}: ${who} failed${during}: ${text}`,
    kind: aborted
      ? 'aborted'
      : (network ?? (statusCode === undefined || statusCode < 400 ? 'provider' : 'http')),
    ...(statusCode === undefined ? {} : { statusCode }),
    isRetryable: !aborted && isRetryableError(error),
    ...(typeof retryAfterMs === 'number' && retryAfterMs >= 0 ? { retryAfterMs } : {}),
    provider,
    modelId,
    cause: scrubError(error),
  });
}

function nameOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { name?: unknown }).name
    : undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const message = redactSecrets(error.message || 'no message');
    return error.name === 'Error' ? message : `${error.name}: ${message}`;
  }
  return redactSecrets(typeof error === 'string' ? error : plainText(error));
}

// A thrown value may be anything, even an object nested too deep (or too cyclic) to stringify.
function plainText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
