import { randomUUID } from 'node:crypto';
import {
  checkServerUrl,
  type Environment,
  endpointLabel,
  InvalidArgumentError,
  loadOptionalSetting,
  registerSecretHeaders,
} from '@forge/provider';
import { z } from 'zod';

/** Settings of `createOllama`. */
export interface OllamaSettings {
  /** Server address, e.g. `http://gpu-box:11434`. Default `OLLAMA_HOST`, else `http://127.0.0.1:11434`. */
  readonly host?: string;
  /** Extra headers (e.g. for an authenticating proxy). */
  readonly headers?: { readonly [name: string]: string };
  /** `fetch` implementation, for tests and proxies. Default the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Makes ids for tool calls the server returns without one. Default random. */
  readonly generateId?: () => string;
  /** Where environment variables are read. Default `process.env`. */
  readonly environment?: Environment;
}

/** Settings after defaults and the environment are applied. */
export interface ResolvedOllamaSettings {
  /** Server address. */
  readonly host: string;
  /** Extra headers. */
  readonly headers: { readonly [name: string]: string };
  /** `fetch` implementation. */
  readonly fetch: typeof globalThis.fetch;
  /** Tool-call id maker. */
  readonly generateId: () => string;
}

/** Where Ollama listens by default. */
export const ollamaDefaultHost = 'http://127.0.0.1:11434';

const settingsSchema = z.strictObject({
  host: z.string().min(1).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  fetch: z.custom<typeof globalThis.fetch>((value) => typeof value === 'function').optional(),
  generateId: z.custom<() => string>((value) => typeof value === 'function').optional(),
  environment: z.record(z.string(), z.string().optional()).optional(),
});

/** Validates settings and reads `OLLAMA_HOST`. Ollama needs no key. */
export function resolveOllamaSettings(settings: OllamaSettings = {}): ResolvedOllamaSettings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'settings';
    throw new InvalidArgumentError({
      argument: field,
      message: `Ollama settings → ${field}: ${issue?.message ?? 'invalid value'}`,
    });
  }
  const host =
    loadOptionalSetting({
      value: settings.host,
      environmentVariable: 'OLLAMA_HOST',
      environment: settings.environment,
    }) ?? ollamaDefaultHost;
  registerSecretHeaders(settings.headers);
  return {
    host: withoutQuery(checkServerUrl(normalizeHost(host), 'Ollama settings → host', 'host')),
    headers: settings.headers ?? {},
    fetch: settings.fetch ?? globalThis.fetch,
    generateId:
      settings.generateId ?? (() => `call_${randomUUID().replaceAll('-', '').slice(0, 16)}`),
  };
}

// `OLLAMA_HOST` is often written as `0.0.0.0:11434` or a bare host name: give it a scheme and the
// default port, as the ollama CLI does, and connect to loopback for the wildcard address.
function normalizeHost(host: string): string {
  const withScheme = /^[a-z]+:\/\//i.test(host) ? host : `http://${host}`;
  const url = new URL(withScheme);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.port === '' && !/^[a-z]+:\/\/[^/]+:\d+/i.test(withScheme)) {
    url.port = url.protocol === 'https:' ? '443' : '11434';
  }
  return url.toString().replace(/\/+$/, '');
}

// The ollama client builds each request's address from the host's scheme, name, port and path
// only, so a query or fragment would be dropped without a word (a gateway key in it never sent).
function withoutQuery(host: string): string {
  const url = new URL(host);
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidArgumentError({
      argument: 'host',
      message: `Ollama settings → host: ${endpointLabel(host)} has a query or fragment, which the ollama client never sends; give a gateway's credential as a header (settings.headers)`,
    });
  }
  return host;
}
