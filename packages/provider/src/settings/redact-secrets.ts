const knownSecrets = new Set<string>();

// Shapes of credentials that must never be echoed even when they were not registered: bearer
// headers, OpenAI-style `sk-…` keys, and `x-api-key` style header lines.
const secretPatterns: readonly RegExp[] = [
  /\b(bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\bsk-[A-Za-z0-9_-]{12,}/g,
  /\b((?:x-)?api[-_]?key["']?\s*[:=]\s*["']?)[A-Za-z0-9._-]{8,}/gi,
];

/**
 * Remembers a credential so that `redactSecrets` removes it from any text later, wherever that
 * text came from (a server echoing the key in an error body, a wrapped SDK message). Values
 * shorter than 8 characters are ignored: they would redact ordinary words.
 */
export function registerSecret(secret: string | undefined): void {
  if (secret !== undefined && secret.length >= 8) knownSecrets.add(secret);
}

/**
 * Returns `text` with every registered secret and every credential-shaped token replaced by
 * `[REDACTED]`.
 */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const secret of knownSecrets) {
    if (redacted.includes(secret)) redacted = redacted.split(secret).join('[REDACTED]');
  }
  redacted = redacted.replace(secretPatterns[0] as RegExp, '$1 [REDACTED]');
  redacted = redacted.replace(secretPatterns[1] as RegExp, '[REDACTED]');
  redacted = redacted.replace(secretPatterns[2] as RegExp, '$1[REDACTED]');
  return redacted;
}

/**
 * Header names that never carry a credential (lower case): their values are kept in saved configs
 * and left in messages. Every other header's value is treated as a secret, whatever its name
 * (`Ocp-Apim-Subscription-Key`, `X-Auth`, `Helicone-Auth`, `Cookie`, …).
 */
export const nonSecretHeaderNames: ReadonlySet<string> = new Set([
  'accept',
  'accept-language',
  'anthropic-beta',
  'anthropic-version',
  'content-type',
  'http-referer',
  'openai-beta',
  'referer',
  'user-agent',
  'x-title',
]);

/**
 * Registers the value of every header except those `nonSecretHeaderNames` (or `nonSecret`, names
 * in any case) lists — an allow-list, so a credential under a name nobody foresaw is still
 * redacted — and the token part of `<scheme> <token>` values.
 */
export function registerSecretHeaders(
  headers: { readonly [name: string]: string } | undefined,
  nonSecret: readonly string[] = [],
): void {
  const kept = new Set(nonSecret.map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (nonSecretHeaderNames.has(lower) || kept.has(lower) || typeof value !== 'string') continue;
    registerSecret(value);
    const token = /^\s*\S+\s+(\S{8,})\s*$/.exec(value)?.[1];
    if (token !== undefined) registerSecret(token);
    const cookieValues = value.split(';').map((part) => part.split('=').slice(1).join('=').trim());
    for (const cookie of cookieValues) registerSecret(cookie);
  }
}

/**
 * Registers the credentials a URL carries: its user name and password, and the value of every
 * query parameter except those `nonSecret` names (a key in `?subscription-key=…` is as secret as
 * a header). Text that is not a URL is ignored.
 */
export function registerUrlSecrets(url: string, nonSecret: readonly string[] = []): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  for (const part of [parsed.username, parsed.password]) {
    if (part === '') continue;
    registerSecret(part);
    registerSecret(safeDecode(part));
  }
  const kept = new Set(nonSecret.map((name) => name.toLowerCase()));
  for (const [name, value] of parsed.searchParams) {
    if (kept.has(name.toLowerCase())) continue;
    registerSecret(value);
    registerSecret(encodeURIComponent(value));
  }
}

// Names of environment variables that hold credentials in every provider's vocabulary.
const secretVariable = /(api[-_]?key|_key$|token|secret|passw(or)?d|credential|auth|cookie)/i;

/**
 * Registers the secrets of an environment: the value of every variable named like a credential
 * (`*_API_KEY`, `*_TOKEN`, `*SECRET*`, `*PASSWORD*`, `*AUTH*`, …) and the credentials in every
 * URL a variable holds (`OPENAI_BASE_URL=https://user:pass@host/v1,…`, `REDIS_URL`).
 */
export function registerEnvironmentSecrets(
  environment: Readonly<Record<string, string | undefined>>,
): void {
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined || value === '') continue;
    // A path (`SSH_AUTH_SOCK=/tmp/…`) is not a credential, and redacting it would garble messages.
    if (secretVariable.test(name) && !value.startsWith('/')) registerSecret(value);
    if (!value.includes('://')) continue;
    for (const entry of value.split(',')) registerUrlSecrets(entry.trim());
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
