import {
  checkServerUrl,
  type Environment,
  InvalidArgumentError,
  loadApiKey,
  loadOptionalSetting,
  registerSecretHeaders,
  splitServerUrl,
  withoutTrailingSlash,
} from '@forge/provider';
import { z } from 'zod';

/** Settings of `createAnthropic`. Anything not given is read from the environment. */
export interface AnthropicSettings {
  /** API key. Default `ANTHROPIC_API_KEY`; required. */
  readonly apiKey?: string;
  /** Base URL without `/v1`. Default `ANTHROPIC_BASE_URL`, else `https://api.anthropic.com`. */
  readonly baseURL?: string;
  /** Extra headers sent with every request (e.g. `anthropic-beta`). */
  readonly headers?: { readonly [name: string]: string };
  /**
   * Output-token limit used when a request sets none (the Messages API requires one).
   * Default 8192, the completion budget of the paper's setup.
   */
  readonly defaultMaxOutputTokens?: number;
  /** Transport timeout handed to the SDK, in milliseconds. Default 30 minutes. */
  readonly requestTimeoutMs?: number;
  /** `fetch` implementation, for tests and proxies. Default the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Where environment variables are read. Default `process.env`. */
  readonly environment?: Environment;
}

/** Settings after defaults and the environment are applied. */
export interface ResolvedAnthropicSettings {
  /** API key. */
  readonly apiKey: string;
  /** Base URL without trailing slash. */
  readonly baseURL: string;
  /** Extra headers. */
  readonly headers: { readonly [name: string]: string };
  /** Output-token limit for requests that set none. */
  readonly defaultMaxOutputTokens: number;
  /** SDK transport timeout. */
  readonly requestTimeoutMs: number;
  /** `fetch` override. */
  readonly fetch: typeof globalThis.fetch | undefined;
}

/** The official endpoint. */
export const anthropicDefaultBaseURL = 'https://api.anthropic.com';

const settingsSchema = z.strictObject({
  apiKey: z.string().optional(),
  baseURL: z.url().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  defaultMaxOutputTokens: z.number().int().positive().optional(),
  requestTimeoutMs: z.number().int().positive().optional(),
  fetch: z.custom<typeof globalThis.fetch>((value) => typeof value === 'function').optional(),
  environment: z.record(z.string(), z.string().optional()).optional(),
});

/**
 * Validates settings and fills them in from `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`. A
 * missing key is a `LoadSettingError` naming `ANTHROPIC_API_KEY`.
 */
export function resolveAnthropicSettings(
  settings: AnthropicSettings = {},
): ResolvedAnthropicSettings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'settings';
    throw new InvalidArgumentError({
      argument: field,
      message: `Anthropic settings → ${field}: ${issue?.message ?? 'invalid value'}`,
    });
  }
  const environment = settings.environment;
  registerSecretHeaders(settings.headers);
  return {
    apiKey: loadApiKey({
      apiKey: settings.apiKey,
      environmentVariable: 'ANTHROPIC_API_KEY',
      description: 'Anthropic',
      environment,
    }),
    baseURL: checkedBaseURL(
      checkServerUrl(
        loadOptionalSetting({
          value: settings.baseURL,
          environmentVariable: 'ANTHROPIC_BASE_URL',
          environment,
        }) ?? anthropicDefaultBaseURL,
        'Anthropic settings → baseURL',
      ),
    ),
    headers: settings.headers ?? {},
    defaultMaxOutputTokens: settings.defaultMaxOutputTokens ?? 8192,
    requestTimeoutMs: settings.requestTimeoutMs ?? 30 * 60_000,
    fetch: settings.fetch,
  };
}

// Refuses a fragment or a repeated query parameter now; the query stays on the recorded URL and
// create-anthropic.ts has the client send it with every request.
function checkedBaseURL(url: string): string {
  splitServerUrl(url, 'Anthropic settings → baseURL');
  return withoutTrailingSlash(url);
}
