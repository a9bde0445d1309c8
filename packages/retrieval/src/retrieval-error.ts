import { ForgeError } from '@forge/provider';

const name = 'RetrievalError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a retrieval failed. */
export type RetrievalErrorReason =
  /** No backend was configured (no retriever, index directory or ColBERT URL). */
  | 'not-configured'
  /** The BM25 index directory is missing or incomplete. */
  | 'index-missing'
  /** The BM25 index files are inconsistent or from another format version. */
  | 'index-corrupt'
  /** The ColBERT server answered with an HTTP error status. */
  | 'http'
  /** The ColBERT server did not answer in time. */
  | 'timeout'
  /** The ColBERT server could not be reached. */
  | 'connection'
  /** The ColBERT server answered with something other than `{ topk: [...] }`. */
  | 'invalid-response'
  /** The caller cancelled the search. */
  | 'aborted';

/**
 * A search could not be run: the backend is missing, broken or unreachable. Carries what a
 * caller decides on (the reason, the HTTP status, whether a retry may help).
 */
export class RetrievalError extends ForgeError {
  protected readonly [symbol] = true;
  /** Why the search failed. */
  readonly reason: RetrievalErrorReason;
  /** HTTP status, when a server answered. */
  readonly statusCode: number | undefined;
  /** True when repeating the same search may succeed (timeouts, connection errors, 429, 5xx). */
  readonly isRetryable: boolean;

  constructor(options: {
    reason: RetrievalErrorReason;
    message: string;
    statusCode?: number;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.reason = options.reason;
    this.statusCode = options.statusCode;
    this.isRetryable =
      options.reason === 'timeout' ||
      options.reason === 'connection' ||
      (options.reason === 'http' &&
        options.statusCode !== undefined &&
        (options.statusCode === 429 || options.statusCode >= 500));
  }

  static override isInstance(error: unknown): error is RetrievalError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}
