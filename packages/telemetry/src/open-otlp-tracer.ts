import { redactSecrets } from '@forge/provider';
import type { Tracer } from '@opentelemetry/api';
import { encodeOtlpJson } from './otlp/encode-otlp-json.js';
import { encodeOtlpProtobuf } from './otlp/encode-otlp-protobuf.js';
import type { FinishedSpan, OtlpBatchSource } from './otlp/finished-span.js';
import { postOtlp } from './otlp/post-otlp.js';
import { RecordingTracer } from './otlp/recording-tracer.js';
import type { ResolvedTelemetrySettings } from './telemetry-settings.js';

/** A tracer feeding Forge's own OTLP exporter, and how to stop it. */
export interface OtlpTracer {
  /** The tracer a run's spans are made with. */
  readonly tracer: Tracer;
  /** Exports what is queued and stops, waiting at most the deadline. Never rejects. */
  shutdown(): Promise<void>;
}

/** Options of `openOtlpTracer`. */
export interface OtlpTracerOptions {
  /** Hears the first failed export (one line; the run goes on). */
  readonly onWarning?: (message: string) => void;
  /** Longest wait for the last export at shutdown, in ms. Default 2000. */
  readonly shutdownDeadlineMs?: number;
  /** Longest wait for one export request, in ms. Default 2000. */
  readonly exportTimeoutMs?: number;
  /** Spans held waiting for export; past it new spans are dropped. Default 4096. */
  readonly maxQueueSize?: number;
  /** How often what is queued is sent, in ms (a full batch goes at once). Default 1000. */
  readonly scheduledDelayMs?: number;
}

/**
 * Forge's own OTLP/HTTP exporter (protobuf or JSON) behind a tracer of its own: no OpenTelemetry
 * SDK, resource or exporter package is loaded, so `--otel` costs a run little more than the spans
 * themselves. Ended spans wait in a bounded queue (past it new spans are dropped) and go in
 * batches of 512, in the background as soon as one is full, every second, and all at shutdown,
 * one request at a time; a collector that is down or slow costs a run at most one warning and
 * the shutdown deadline, never a failure.
 */
export async function openOtlpTracer(
  settings: ResolvedTelemetrySettings,
  options: OtlpTracerOptions = {},
): Promise<OtlpTracer> {
  const timeout = options.exportTimeoutMs ?? 2000;
  const maxQueueSize = options.maxQueueSize ?? 4096;
  const source: OtlpBatchSource = {
    resource: { 'service.name': settings.serviceName },
    scopeName: '@forge/telemetry',
  };
  let warned = false;
  const warnOnce = (reason: string) => {
    if (warned) return;
    warned = true;
    options.onWarning?.(
      redactSecrets(
        `telemetry: could not export spans to ${safeUrl(settings.url)} (${reason}); the run goes on without them`,
      ),
    );
  };
  const queue: FinishedSpan[] = [];
  let sending: Promise<void> = Promise.resolve();
  /** True from a flush being asked for until its queue is empty. */
  let flushing = false;
  const exportBatch = (batch: readonly FinishedSpan[]): Promise<void> => {
    const json = settings.protocol === 'http/json';
    return postOtlp({
      url: settings.url,
      body: json ? encodeOtlpJson(batch, source) : encodeOtlpProtobuf(batch, source),
      contentType: json ? 'application/json' : 'application/x-protobuf',
      headers: settings.headers,
      timeoutMs: timeout,
    }).catch((error: unknown) => warnOnce(reasonOf(error)));
  };
  // One request at a time, each taking what is queued when its turn comes.
  const flush = (): Promise<void> => {
    flushing = true;
    sending = sending.then(async () => {
      while (queue.length > 0) await exportBatch(queue.splice(0, batchSize));
      flushing = false;
    });
    return sending;
  };
  // A full batch goes at once, while the run goes on, so little is left to send at its end.
  const tracer = new RecordingTracer((span) => {
    if (queue.length < maxQueueSize) queue.push(span);
    if (queue.length >= batchSize && !flushing) void flush();
  });
  const timer = setInterval(() => void flush(), options.scheduledDelayMs ?? scheduledDelayMs);
  timer.unref();
  const deadline = options.shutdownDeadlineMs ?? 2000;
  return {
    tracer,
    async shutdown() {
      clearInterval(timer);
      let late: NodeJS.Timeout | undefined;
      const tooLate = new Promise<'late'>((resolve) => {
        late = setTimeout(() => resolve('late'), deadline);
        late.unref();
      });
      try {
        const outcome = await Promise.race([flush().then(() => 'done' as const), tooLate]);
        if (outcome === 'late') warnOnce(`no answer within ${deadline} ms`);
      } finally {
        clearTimeout(late);
      }
    },
  };
}

const batchSize = 512;
const scheduledDelayMs = 1000;

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? 'export failed');
  return message.split('\n')[0] ?? 'export failed';
}

/** The URL without user-info or query, for a message. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the collector';
  }
}
