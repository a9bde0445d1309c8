import {
  type Clock,
  checkServerUrl,
  type Environment,
  endpointLabel,
  InvalidArgumentError,
  loadApiKey,
  loadOptionalSetting,
  redactSecrets,
  registerSecret,
  registerSecretHeaders,
  splitServerUrl,
  withoutTrailingSlash,
} from '@forge/provider';
import { z } from 'zod';

/** Settings of `createOpenAI`. Anything not given is read from the environment. */
export interface OpenAISettings {
  /** API key. Default `OPENAI_API_KEY`. Optional for a custom `baseURL` (local servers). */
  readonly apiKey?: string;
  /**
   * Base URL including `/v1`, e.g. `http://localhost:8000/v1` for vLLM. Default
   * `OPENAI_BASE_URL`, else `https://api.openai.com/v1`. Several URLs (a list, or one string
   * with comma-separated URLs, as `OPENAI_BASE_URL` takes them) make every model a pool of
   * those servers: see `pool`.
   */
  readonly baseURL?: string | readonly string[];
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
  /** How a pool of several base URLs routes and checks its servers. Ignored for one URL. */
  readonly pool?: OpenAIPoolSettings;
}

/** Settings of an endpoint pool (several base URLs serving the same models). */
export interface OpenAIPoolSettings {
  /** Calls in flight at once per server. Default no limit of its own (the model's limits apply). */
  readonly endpointConcurrency?: number;
  /** Rest before a taken-out server is first probed (`GET /models`), in ms. Default 1000. */
  readonly probeDelayMs?: number;
  /** Longest rest between probes; it doubles per failure up to this. Default 60000. */
  readonly maxProbeDelayMs?: number;
  /** Longest a probe may take, in ms. Default 10000. */
  readonly probeTimeoutMs?: number;
  /** How often servers idle that long are probed while up, in ms, or `false`. Default 30000. */
  readonly healthCheckIntervalMs?: number | false;
  /** Timers of probes and health checks, for tests. Default the system clock. */
  readonly clock?: Clock;
}

/** Settings after defaults and the environment are applied. */
export interface ResolvedOpenAISettings {
  /** API key sent as a bearer token. */
  readonly apiKey: string;
  /** The (first) base URL, without trailing slash. */
  readonly baseURL: string;
  /** Every base URL, without trailing slashes; more than one makes models pools. */
  readonly baseURLs: readonly string[];
  /** Pool settings as given (empty when none). */
  readonly pool: OpenAIPoolSettings;
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

const positive = z.number().positive();
const poolSchema = z.strictObject({
  endpointConcurrency: z.number().int().positive().optional(),
  probeDelayMs: positive.optional(),
  maxProbeDelayMs: positive.optional(),
  probeTimeoutMs: positive.optional(),
  healthCheckIntervalMs: z.union([positive, z.literal(false)]).optional(),
  clock: z.custom<Clock>((value) => typeof value === 'object' && value !== null).optional(),
});

const settingsSchema = z.strictObject({
  apiKey: z.string().optional(),
  baseURL: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
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
  pool: poolSchema.optional(),
});

/**
 * Validates settings and fills them in from `OPENAI_API_KEY` and `OPENAI_BASE_URL`. A missing key
 * is a `LoadSettingError` when a base URL is OpenAI's own; servers at other base URLs may run
 * without one. `OPENAI_BASE_URL` (like a `baseURL` string) may list several URLs, comma-separated.
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
  const given =
    typeof settings.baseURL === 'string' ? settings.baseURL : settings.baseURL?.join(',');
  const fromEnvironment = given === undefined || given.trim() === '';
  const baseURLs = parseBaseURLs(
    loadOptionalSetting({ value: given, environmentVariable: 'OPENAI_BASE_URL', environment }) ??
      openAIDefaultBaseURL,
    fromEnvironment ? 'OPENAI_BASE_URL' : 'baseURL',
  );
  const baseURL = baseURLs[0] as string;
  const official = baseURLs.some((url) => new URL(url).hostname === 'api.openai.com');
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
    baseURLs,
    pool: settings.pool ?? {},
    organization: settings.organization,
    project: settings.project,
    headers: settings.headers ?? {},
    name: settings.name ?? 'openai',
    requestTimeoutMs: settings.requestTimeoutMs ?? 30 * 60_000,
    fetch: settings.fetch,
  };
}

// Each URL must be http(s); a password in one is registered so no message can carry it.
function parseBaseURLs(text: string, source: 'OPENAI_BASE_URL' | 'baseURL'): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const urls: string[] = [];
  entries.forEach((entry, index) => {
    const where = entries.length > 1 ? ` (entry ${index + 1} of ${entries.length})` : '';
    let parsed: URL;
    try {
      parsed = new URL(entry);
    } catch {
      throw new InvalidArgumentError({
        argument: 'baseURL',
        message: `OpenAI settings → ${source}${where}: "${redactSecrets(entry)}" is not a URL (write it like http://localhost:8000/v1)`,
      });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new InvalidArgumentError({
        argument: 'baseURL',
        message: `OpenAI settings → ${source}${where}: "${endpointLabel(entry)}" must start with http:// or https://`,
      });
    }
    checkServerUrl(entry, `OpenAI settings → ${source}${where}`);
    // Refuses a fragment or a repeated query parameter now; the query stays on the recorded URL
    // (saved configs redact its values) and the client sends it with every request.
    splitServerUrl(entry, `OpenAI settings → ${source}${where}`);
    const url = withoutTrailingSlash(entry);
    if (urls.includes(url)) {
      throw new InvalidArgumentError({
        argument: 'baseURL',
        message: `OpenAI settings → ${source}: ${endpointLabel(url)} is listed twice`,
      });
    }
    urls.push(url);
  });
  if (urls.length === 0) {
    throw new InvalidArgumentError({
      argument: 'baseURL',
      message: `OpenAI settings → ${source}: no URL given`,
    });
  }
  return urls;
}
