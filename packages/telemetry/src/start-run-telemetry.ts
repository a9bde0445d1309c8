import type { CallRecorder } from '@forge/provider';
import type { Tracer } from '@opentelemetry/api';
import { type OtlpTracerOptions, openOtlpTracer } from './open-otlp-tracer.js';
import { RunTrace, type RunTraceStart, type TraceEvent } from './run-trace.js';
import { resolveTelemetrySettings, type TelemetrySettings } from './telemetry-settings.js';

/** Options of `startRunTelemetry`: Forge's OTLP exporter (`settings`), or your own `tracer`. */
export interface RunTelemetryOptions
  extends Pick<OtlpTracerOptions, 'shutdownDeadlineMs' | 'exportTimeoutMs'> {
  /** The run's identity. */
  readonly run: RunTraceStart;
  /** Export with Forge's OTLP exporter, configured so. */
  readonly settings?: TelemetrySettings;
  /** Or make spans with this tracer (your OpenTelemetry SDK exports them); wins over `settings`. */
  readonly tracer?: Tracer;
  /** Prompts and answers on spans with your `tracer` (the settings say so for the exporter). */
  readonly includeContent?: boolean;
  /** Where `OTEL_EXPORTER_OTLP_*` are read. Default `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** Hears one line when the collector cannot be reached. */
  readonly onWarning?: (message: string) => void;
  /** Milliseconds clock. Default `Date.now`. */
  readonly clock?: () => number;
}

/** One run's telemetry, for its host to feed and close. */
export interface RunTelemetry {
  /** Receives every model call of the run (a `CallRecorder`). */
  readonly recorder: CallRecorder;
  /** Receives every event of the run. */
  observe(event: TraceEvent): void;
  /** The trace id of the run (32 hex digits). */
  readonly traceId: string;
  /** Ends the trace and, for Forge's exporter, exports what is left (bounded wait). */
  close(): Promise<void>;
}

/** Starts a run's trace on the given tracer or on Forge's OTLP exporter. */
export async function startRunTelemetry(options: RunTelemetryOptions): Promise<RunTelemetry> {
  const settings =
    options.settings === undefined
      ? undefined
      : resolveTelemetrySettings(options.settings, options.environment);
  const otlp =
    options.tracer !== undefined || settings === undefined
      ? undefined
      : await openOtlpTracer(settings, {
          ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
          ...(options.shutdownDeadlineMs === undefined
            ? {}
            : { shutdownDeadlineMs: options.shutdownDeadlineMs }),
          ...(options.exportTimeoutMs === undefined
            ? {}
            : { exportTimeoutMs: options.exportTimeoutMs }),
        });
  const tracer = options.tracer ?? otlp?.tracer;
  if (tracer === undefined) {
    throw new TypeError('startRunTelemetry: give settings (Forge exports) or a tracer (yours)');
  }
  const trace = new RunTrace(options.run, {
    tracer,
    includeContent:
      options.tracer === undefined
        ? settings?.includeContent === true
        : options.includeContent === true,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  let closing: Promise<void> | undefined;
  return {
    recorder: trace.recorder,
    observe: (event) => trace.observe(event),
    traceId: trace.traceId,
    close() {
      closing ??= (async () => {
        trace.end();
        await otlp?.shutdown();
      })();
      return closing;
    },
  };
}
