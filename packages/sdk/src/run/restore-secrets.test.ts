import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimServer } from '@forge/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { optimize } from './optimize.js';
import {
  assertNoRedactedValues,
  assertSecretsResupplied,
  withoutRedactedSecrets,
} from './restore-secrets.js';

const root = mkdtempSync(join(tmpdir(), 'forge-secrets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('withoutRedactedSecrets', () => {
  it('takes every placeholder out and says where they were', () => {
    const saved = {
      taskModel: { model: 'openai:task', settings: { apiKey: '[REDACTED]', organization: 'org' } },
      optimizerModel: {
        model: 'anthropic:x',
        settings: { headers: { authorization: '[REDACTED]' } },
      },
      budget: { maxEvaluations: 10 },
    };
    expect(withoutRedactedSecrets(saved)).toEqual({
      value: {
        taskModel: { model: 'openai:task', settings: { organization: 'org' } },
        optimizerModel: { model: 'anthropic:x', settings: { headers: {} } },
        budget: { maxEvaluations: 10 },
      },
      removed: ['taskModel.settings.apiKey', 'optimizerModel.settings.headers.authorization'],
    });
  });

  it('refuses a URL whose credentials were redacted, naming the field', () => {
    expect(() =>
      assertNoRedactedValues({ taskModel: { baseURL: 'http://[REDACTED]@proxy:8000/v1' } }),
    ).toThrow(ConfigError);
    expect(() =>
      assertNoRedactedValues({ taskModel: { baseURL: 'http://[REDACTED]@proxy:8000/v1' } }),
    ).toThrow('field "taskModel.baseURL"');
  });
});

describe('--resume of a traced run whose collector took a header', () => {
  const removed = ['telemetry.headers.x-api-key'];
  const saved = { telemetry: { exporter: 'otlp', headers: {} } };

  it('wants the header again, from the config or OTEL_EXPORTER_OTLP_HEADERS', () => {
    expect(() => assertSecretsResupplied(saved, removed, {}, 'run/config.json')).toThrow(
      'telemetry.headers.x-api-key (or OTEL_EXPORTER_OTLP_HEADERS)',
    );
    expect(() =>
      assertSecretsResupplied(
        { telemetry: { exporter: 'otlp', headers: { 'x-api-key': 'again' } } },
        removed,
        {},
        'run/config.json',
      ),
    ).not.toThrow();
    expect(() =>
      assertSecretsResupplied(
        saved,
        removed,
        { OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=again' },
        'run/config.json',
      ),
    ).not.toThrow();
  });
});

describe('--resume of a run whose key was a setting', () => {
  it('reads the key again from its source, never from the saved config', async () => {
    const apiKey = ['sk', 'sim', 'resume', '0123456789abcdef'].join('-');
    const server = await startSimServer({ apiKey, latency: 0 });
    try {
      const model = (key?: string) => ({
        model: 'openai:task',
        baseURL: server.url,
        maxRetries: 0,
        ...(key === undefined ? {} : { settings: { apiKey: key } }),
      });
      const config = (key?: string) => ({
        benchmark: 'sim',
        taskModel: model(key),
        optimizerModel: { ...model(key), model: 'openai:optimizer' },
        budget: { maxEvaluations: 200 },
      });
      const runDir = join(root, 'run');
      await optimize(
        { ...config(apiKey), runDir, budget: { maxEvaluations: 200, maxSteps: 3 } },
        { environment: {} },
      );
      const saved = readFileSync(join(runDir, 'config.json'), 'utf8');
      expect(saved).not.toContain(apiKey);
      expect(saved).toContain('[REDACTED]');

      // Neither the config nor the environment gives the key: a clear error, before any call.
      // (The server is given again through the environment: a recorded one is not used alone.)
      const missing = await optimize(
        { budget: { maxEvaluations: 200, maxSteps: 5 } },
        { resume: runDir, environment: { OPENAI_BASE_URL: server.url } },
      ).catch((error: unknown) => error);
      expect(ConfigError.isInstance(missing), String(missing)).toBe(true);
      expect((missing as Error).message).toContain(
        'taskModel.settings.apiKey (or OPENAI_API_KEY), optimizerModel.settings.apiKey (or OPENAI_API_KEY)',
      );
      expect((missing as Error).message).toContain('never saved with a run');

      // The same config file again (as `forge optimize --resume` re-reads it): the key is sent.
      const again = await optimize(
        { ...config(apiKey), budget: { maxEvaluations: 200, maxSteps: 5 } },
        { resume: runDir, environment: {} },
      );
      expect(again.steps).toBe(5);

      // Or the environment.
      const fromEnvironment = await optimize(
        { budget: { maxEvaluations: 200, maxSteps: 8 } },
        { resume: runDir, environment: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: server.url } },
      );
      expect(fromEnvironment.steps).toBe(8);
    } finally {
      await server.close();
    }
  }, 60_000);
});
