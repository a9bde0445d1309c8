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

const sensitiveHeader = /authorization|api[-_]?key|token|secret|cookie/i;

/**
 * Registers the values of credential-carrying headers (`Authorization`, `x-api-key`, anything
 * named like a token or secret) so that custom headers given in settings are redacted too.
 */
export function registerSecretHeaders(
  headers: { readonly [name: string]: string } | undefined,
): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!sensitiveHeader.test(name)) continue;
    registerSecret(value);
    const token = /^\s*\S+\s+(\S{8,})\s*$/.exec(value)?.[1];
    if (token !== undefined) registerSecret(token);
  }
}
