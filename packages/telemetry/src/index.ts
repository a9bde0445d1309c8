export { callSpan, contentLimit } from './call-span.js';
export { type OtlpTracer, type OtlpTracerOptions, openOtlpTracer } from './open-otlp-tracer.js';
export {
  RunTrace,
  type RunTraceOptions,
  type RunTraceStart,
  type TraceEvent,
} from './run-trace.js';
export {
  createSpans,
  type SpanDraft,
  type SpanEventDraft,
  settleBounds,
  spanDraft,
} from './span-draft.js';
export {
  type RunTelemetry,
  type RunTelemetryOptions,
  startRunTelemetry,
} from './start-run-telemetry.js';
export {
  defaultOtlpEndpoint,
  type OtlpProtocol,
  parseOtlpHeaders,
  type ResolvedTelemetrySettings,
  resolveTelemetrySettings,
  type TelemetrySettings,
  tracesUrl,
} from './telemetry-settings.js';
