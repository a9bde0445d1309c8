import { redactSecrets } from '@forge/provider';
import type { Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
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
}

/**
 * A tracer provider with a batch processor over an OTLP/HTTP exporter (protobuf or JSON). The OpenTelemetry
 * SDK is imported here, on first use, so a run without telemetry never loads it. Exports happen
 * in the background from a bounded queue; a collector that is down or slow costs a run at most
 * one warning and the shutdown deadline, never a failure.
 */
export async function openOtlpTracer(
  settings: ResolvedTelemetrySettings,
  options: OtlpTracerOptions = {},
): Promise<OtlpTracer> {
  const [
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    settings.protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/resources'),
  ]);
  const timeout = options.exportTimeoutMs ?? 2000;
  const exporter = new OTLPTraceExporter({
    url: settings.url,
    headers: { ...settings.headers },
    timeoutMillis: timeout,
  });
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
  // The exporter reports a failed export through its callback; the run hears it once.
  const watched: SpanExporter = {
    export: (spans, done) =>
      exporter.export(spans, (result) => {
        if (result.code !== 0) warnOnce(reasonOf(result.error));
        done(result);
      }),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: watched,
        maxQueueSize: options.maxQueueSize ?? 4096,
        maxExportBatchSize: 512,
        scheduledDelayMillis: 1000,
        exportTimeoutMillis: timeout,
      }),
    ],
  });
  const deadline = options.shutdownDeadlineMs ?? 2000;
  return {
    tracer: provider.getTracer('@forge/telemetry'),
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), deadline);
        timer.unref();
      });
      try {
        const outcome = await Promise.race([provider.shutdown().then(() => 'done' as const), late]);
        if (outcome === 'late') warnOnce(`no answer within ${deadline} ms`);
      } catch (error) {
        warnOnce(reasonOf(error));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

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
