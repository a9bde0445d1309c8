import { registerSecret } from '@forge/provider';

/** How a run exports its trace (the `telemetry` block of a run config). */
export interface TelemetrySettings {
  /** The exporter: OTLP over HTTP, the protocol every OpenTelemetry collector takes. */
  readonly exporter: 'otlp';
  /**
   * The collector's base URL (`http://localhost:4318`; `/v1/traces` is appended unless the URL
   * already ends with it). Default `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as is), then
   * `OTEL_EXPORTER_OTLP_ENDPOINT`, then `http://localhost:4318`.
   */
  readonly endpoint?: string;
  /**
   * Headers sent with every export (an API key, `Authorization`). Secrets: never saved with the
   * run, never in an attribute or a message. Default from `OTEL_EXPORTER_OTLP_HEADERS`
   * (`name=value,name=value`, values URL-encoded), to which these are added.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The encoding: `http/protobuf` (the OTLP default, which every collector takes, Phoenix and
   * MLflow included) or `http/json`. Default `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, then
   * `OTEL_EXPORTER_OTLP_PROTOCOL`, then `http/protobuf`.
   */
  readonly protocol?: OtlpProtocol;
  /** Put prompts and answers (redacted) on model-call spans. Default false. */
  readonly includeContent?: boolean;
  /** The `service.name` of the exported resource. Default `forge`. */
  readonly serviceName?: string;
}

/** The OTLP/HTTP encodings. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** Where and how the OTLP exporter sends, every default applied. */
export interface ResolvedTelemetrySettings {
  /** The full traces URL (`…/v1/traces`). */
  readonly url: string;
  /** Every header to send. */
  readonly headers: Readonly<Record<string, string>>;
  /** The encoding. */
  readonly protocol: OtlpProtocol;
  /** Prompts and answers on spans. */
  readonly includeContent: boolean;
  /** The resource's `service.name`. */
  readonly serviceName: string;
}

/** The OTLP/HTTP port the conventions give collectors. */
export const defaultOtlpEndpoint = 'http://localhost:4318';

/**
 * Applies the standard `OTEL_EXPORTER_OTLP_*` variables under the settings, and registers every
 * header value as a secret, so no message or attribute can show it.
 */
export function resolveTelemetrySettings(
  settings: TelemetrySettings,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedTelemetrySettings {
  const tracesEndpoint = nonEmpty(environment['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
  const url =
    settings.endpoint !== undefined
      ? tracesUrl(settings.endpoint)
      : (tracesEndpoint ??
        tracesUrl(nonEmpty(environment['OTEL_EXPORTER_OTLP_ENDPOINT']) ?? defaultOtlpEndpoint));
  const headers = {
    ...parseOtlpHeaders(environment['OTEL_EXPORTER_OTLP_HEADERS']),
    ...parseOtlpHeaders(environment['OTEL_EXPORTER_OTLP_TRACES_HEADERS']),
    ...settings.headers,
  };
  for (const value of Object.values(headers)) {
    registerSecret(value);
    // `Bearer <token>`, `Basic <credentials>`: the credential alone is secret too.
    registerSecret(value.split(' ').slice(1).join(' '));
  }
  const protocolVariable =
    nonEmpty(environment['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) ??
    nonEmpty(environment['OTEL_EXPORTER_OTLP_PROTOCOL']);
  return {
    url,
    headers,
    protocol:
      settings.protocol ?? (protocolVariable === 'http/json' ? 'http/json' : 'http/protobuf'),
    includeContent: settings.includeContent === true,
    serviceName: settings.serviceName ?? 'forge',
  };
}

/** `…/v1/traces` for a collector's base URL; a URL already ending so is kept. */
export function tracesUrl(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/v1/traces') ? trimmed : `${trimmed}/v1/traces`;
}

/** `name=value,name=value` (values URL-encoded), as `OTEL_EXPORTER_OTLP_HEADERS` holds them. */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    const equals = entry.indexOf('=');
    if (equals <= 0) continue;
    const name = entry.slice(0, equals).trim();
    if (name === '') continue;
    headers[name] = decode(entry.slice(equals + 1).trim());
  }
  return headers;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
