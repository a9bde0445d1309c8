import { APICallError } from '../errors/api-call-error.js';
import { scrubError } from '../errors/http-call-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';

/** The request as recorded: everything but the abort signal. */
export type RecordedRequest = Omit<GenerateRequest, 'abortSignal'>;

/** A failure as recorded: plain data with credentials redacted. */
export interface RecordedError {
  /** Error class name, e.g. `APICallError`. */
  readonly name: string;
  /** Redacted message. */
  readonly message: string;
  /** `APICallError.kind`, when it is one. */
  readonly kind?: string;
  /** HTTP status, when there was one. */
  readonly statusCode?: number;
  /** Whether a retry might have helped. */
  readonly isRetryable?: boolean;
}

/** One model call as seen by the recorder. */
export interface RecordedCall {
  /** 0-based order in which calls started at this recorder. */
  readonly sequence: number;
  /** Provider name. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** `request.metadata.role`, when given. */
  readonly role?: string;
  /** `request.metadata.sampleIndex`, default 0. */
  readonly sampleIndex: number;
  /** What was asked. */
  readonly request: RecordedRequest;
  /** What came back, when the call succeeded. */
  readonly result?: GenerateResult;
  /** Why it failed, when it did. */
  readonly error?: RecordedError;
  /** Start time, milliseconds since the epoch. */
  readonly startedAt: number;
  /** Wall time of the call including retries and waits, in milliseconds. */
  readonly durationMs: number;
}

/** Receives every recorded call; a store persists them, a test keeps them in memory. */
export interface CallRecorder {
  /** Takes one finished call. May be async; the call's caller waits for it. */
  record(call: RecordedCall): void | Promise<void>;
}

/** A `CallRecorder` that keeps calls in an array. */
export class MemoryCallRecorder implements CallRecorder {
  /** Recorded calls, in the order they finished. */
  readonly calls: RecordedCall[] = [];

  record(call: RecordedCall): void {
    this.calls.push(call);
  }
}

/** Turns any thrown value into a `RecordedError`. */
export function recordError(error: unknown): RecordedError {
  const scrubbed = scrubError(error);
  if (APICallError.isInstance(error)) {
    return {
      name: scrubbed.name,
      message: scrubbed.message,
      kind: error.kind,
      ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
      isRetryable: error.isRetryable,
    };
  }
  return { name: scrubbed.name, message: scrubbed.message };
}
