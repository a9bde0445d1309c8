import {
  type Environment,
  InvalidArgumentError,
  loadApiKey,
  loadOptionalSetting,
  registerSecret,
  registerSecretHeaders,
  withoutTrailingSlash,
} from '@forge/provider';
import { z } from 'zod';

/** Settings of `createOpenAI`. Anything not given is read from the environment. */
export interface OpenAISettings {
  /** API key. Default `OPENAI_API_KEY`. Optional for a custom `baseURL` (local servers). */
  readonly apiKey?: string;
  /**
   * Base URL including `/v1`, e.g. `http://localhost:8000/v1` for vLLM. Default
   * `OPENAI_BASE_URL`, else `https://api.openai.com/v1`.
   */
  readonly baseURL?: string;
  /** OpenAI organization id (`OpenAI-Organization` header). */
  readonly organization?: string;
  /** OpenAI project id (`OpenAI-Project` header). */
  readonly project?: string;
  /** Extra headers sent with every request (e.g. OpenRouter's `HTTP-Referer`). */
  readonly headers?: { readonly [name: string]: string };
  /** Provider name the models report (and their provider options are keyed by). Default `openai`. */
  readonly name?: string;
  /**
   * Transport timeout handed to the SDK, in milliseconds. Default 30 minutes: Forge's own timeout
   * middleware decides when a call is too slow.
   */
  readonly requestTimeoutMs?: number;
  /** `fetch` implementation, for tests and proxies. Default the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Where environment variables are read. Default `process.env`. */
  readonly environment?: Environment;
}

/** Settings after defaults and the environment are applied. */
export interface ResolvedOpenAISettings {
  /** API key sent as a bearer token. */
  readonly apiKey: string;
  /** Base URL without trailing slash. */
  readonly baseURL: string;
  /** Organization id, when set. */
  readonly organization: string | undefined;
  /** Project id, when set. */
  readonly project: string | undefined;
  /** Extra headers. */
  readonly headers: { readonly [name: string]: string };
  /** Provider name. */
  readonly name: string;
  /** SDK transport timeout. */
  readonly requestTimeoutMs: number;
  /** `fetch` override. */
  readonly fetch: typeof globalThis.fetch | undefined;
}

/** The official endpoint, used when no base URL is configured. */
export const openAIDefaultBaseURL = 'https://api.openai.com/v1';

// Servers like vLLM and LM Studio accept any bearer token; the SDK insists on having one.
const keylessPlaceholder = 'not-needed';

const settingsSchema = z.strictObject({
  apiKey: z.string().optional(),
  baseURL: z.url().optional(),
  organization: z.string().optional(),
  project: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/i)
    .optional(),
  requestTimeoutMs: z.number().int().positive().optional(),
  fetch: z.custom<typeof globalThis.fetch>((value) => typeof value === 'function').optional(),
  environment: z.record(z.string(), z.string().optional()).optional(),
});

/**
 * Validates settings and fills them in from `OPENAI_API_KEY` and `OPENAI_BASE_URL`. A missing key
 * is a `LoadSettingError` when the base URL is OpenAI's own; servers at another base URL may
 * run without one.
 */
export function resolveOpenAISettings(settings: OpenAISettings = {}): ResolvedOpenAISettings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'settings';
    throw new InvalidArgumentError({
      argument: field,
      message: `OpenAI settings → ${field}: ${issue?.message ?? 'invalid value'}`,
    });
  }
  const environment = settings.environment;
  const baseURL = withoutTrailingSlash(
    loadOptionalSetting({
      value: settings.baseURL,
      environmentVariable: 'OPENAI_BASE_URL',
      environment,
    }) ?? openAIDefaultBaseURL,
  );
  const official = new URL(baseURL).hostname === 'api.openai.com';
  const explicitKey = loadOptionalSetting({
    value: settings.apiKey,
    environmentVariable: 'OPENAI_API_KEY',
    environment,
  });
  const apiKey = official
    ? loadApiKey({
        apiKey: settings.apiKey,
        environmentVariable: 'OPENAI_API_KEY',
        description: 'OpenAI',
        environment,
      })
    : (explicitKey ?? keylessPlaceholder);
  // `loadApiKey` registers keys it loads; a key found for a custom base URL is registered here.
  if (explicitKey !== undefined) registerSecret(explicitKey);
  registerSecretHeaders(settings.headers);
  return {
    apiKey,
    baseURL,
    organization: settings.organization,
    project: settings.project,
    headers: settings.headers ?? {},
    name: settings.name ?? 'openai',
    requestTimeoutMs: settings.requestTimeoutMs ?? 30 * 60_000,
    fetch: settings.fetch,
  };
}
