import { redactSecrets } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { parseOtlpHeaders, resolveTelemetrySettings, tracesUrl } from './telemetry-settings.js';

describe('resolveTelemetrySettings', () => {
  it('takes the endpoint from the settings, then the traces variable, then the base variable', () => {
    const environment = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://base:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/custom/path',
    };
    expect(
      resolveTelemetrySettings({ exporter: 'otlp', endpoint: 'http://given:4318/' }, environment)
        .url,
    ).toBe('http://given:4318/v1/traces');
    expect(resolveTelemetrySettings({ exporter: 'otlp' }, environment).url).toBe(
      'http://traces:4318/custom/path',
    );
    expect(
      resolveTelemetrySettings(
        { exporter: 'otlp' },
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://base:4318' },
      ).url,
    ).toBe('http://base:4318/v1/traces');
    expect(resolveTelemetrySettings({ exporter: 'otlp' }, {})).toEqual({
      url: 'http://localhost:4318/v1/traces',
      headers: {},
      protocol: 'http/protobuf',
      includeContent: false,
      serviceName: 'forge',
    });
  });

  it('merges the headers variable under the settings and registers every value as a secret', () => {
    const resolved = resolveTelemetrySettings(
      { exporter: 'otlp', headers: { 'x-team': 'forge-team-one' } },
      { OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20cGstbGYtMTIzNDU2Nzg5,x-team=other' },
    );
    expect(resolved.headers).toEqual({
      Authorization: 'Basic cGstbGYtMTIzNDU2Nzg5',
      'x-team': 'forge-team-one',
    });
    expect(redactSecrets('sent cGstbGYtMTIzNDU2Nzg5 and forge-team-one')).toBe(
      'sent [REDACTED] and [REDACTED]',
    );
  });
});

it('takes the protocol from the settings, then the variables, protobuf by default', () => {
  const environment = { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
  expect(resolveTelemetrySettings({ exporter: 'otlp' }, environment).protocol).toBe('http/json');
  expect(
    resolveTelemetrySettings({ exporter: 'otlp', protocol: 'http/protobuf' }, environment).protocol,
  ).toBe('http/protobuf');
  expect(
    resolveTelemetrySettings({ exporter: 'otlp' }, { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })
      .protocol,
  ).toBe('http/protobuf');
});

describe('OTLP settings text', () => {
  it('parses name=value pairs, skipping malformed ones', () => {
    expect(parseOtlpHeaders(' a = 1 ,=x,b,c=%zz, d=x%3Dy')).toEqual({ a: '1', c: '%zz', d: 'x=y' });
    expect(parseOtlpHeaders(undefined)).toEqual({});
  });

  it('appends /v1/traces once', () => {
    expect(tracesUrl('https://cloud.langfuse.com/api/public/otel')).toBe(
      'https://cloud.langfuse.com/api/public/otel/v1/traces',
    );
    expect(tracesUrl('http://localhost:6006/v1/traces')).toBe('http://localhost:6006/v1/traces');
  });
});
