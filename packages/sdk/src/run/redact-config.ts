import { nonSecretHeaderNames } from '@forge/provider';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { redactedPlaceholder } from './restore-secrets.js';

// Field names whose values are credentials in every provider's vocabulary. `token` but not
// `tokens`: maxOutputTokens and tokensPerMinute are limits, and redacting them would break resume.
const secretKey = /(api[-_]?key|authorization|token(?!s)|secret|password|credential|cookie)/i;
const headersKey = /^headers$/i;
// The allow-lists themselves (`nonSecretHeaders`) name no secret.
const isSecretField = (key: string): boolean => secretKey.test(key) && !key.startsWith('nonSecret');
const urlPattern = /\b[a-z][a-z0-9+.-]*:\/\/[^\s,"'<>]+/gi;

/** Options of `redactConfig`. */
export interface RedactConfigOptions {
  /** Hears every secret value left out (to register it for redaction from messages). */
  readonly onSecret?: (secret: string) => void;
}

/**
 * The config as saved with a run or a suite: an allow-list, not a deny-list. Left out (replaced by
 * `[REDACTED]`) are the value of every header except the well-known non-secret ones and those a
 * model's `nonSecretHeaders` lists; in every URL, the user-info and the value of every query
 * parameter except those `nonSecretQueryParameters` lists; and every field named like a
 * credential (`apiKey`, `token`, `password`, `secret`, …). Each removed value goes to
 * `options.onSecret`.
 */
export function redactConfig(config: ForgeConfig, options: RedactConfigOptions = {}): ForgeConfig {
  const keptHeaders = new Set([
    ...nonSecretHeaderNames,
    ...namesListed(config, 'nonSecretHeaders'),
  ]);
  const keptParameters = new Set(namesListed(config, 'nonSecretQueryParameters'));
  const secret = (value: unknown): string => {
    if (typeof value === 'string') options.onSecret?.(value);
    return redactedPlaceholder;
  };
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === 'string') return redactUrls(value, keptParameters, options.onSecret);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (
          headersKey.test(key) &&
          typeof item === 'object' &&
          item !== null &&
          !Array.isArray(item)
        ) {
          return [
            key,
            Object.fromEntries(
              Object.entries(item).map(([name, headerValue]) => [
                name,
                keptHeaders.has(name.toLowerCase()) ? headerValue : secret(headerValue),
              ]),
            ),
          ];
        }
        // A number or a switch is never a credential.
        if (isSecretField(key) && typeof item !== 'number' && typeof item !== 'boolean')
          return [key, secret(item)];
        return [key, clean(item)];
      }),
    );
  };
  return clean(config) as ForgeConfig;
}

// Every URL in the text with its user-info and its secret query values replaced; the rest of the
// text (and of each URL) is kept byte for byte.
function redactUrls(
  text: string,
  keptParameters: ReadonlySet<string>,
  onSecret: ((secret: string) => void) | undefined,
): string {
  return text.replace(urlPattern, (url) => {
    const schemeEnd = url.indexOf('://') + 3;
    let rest = url.slice(schemeEnd);
    const authorityEnd = rest.search(/[/?#]/);
    const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      for (const part of authority.slice(0, at).split(':')) onSecret?.(part);
      rest = `${redactedPlaceholder}@${rest.slice(at + 1)}`;
    }
    const query = rest.indexOf('?');
    if (query >= 0) {
      const hash = rest.indexOf('#', query);
      const end = hash < 0 ? rest.length : hash;
      const parameters = rest
        .slice(query + 1, end)
        .split('&')
        .map((pair) => {
          const equals = pair.indexOf('=');
          if (equals < 0) return pair;
          const name = pair.slice(0, equals);
          if (keptParameters.has(safeDecode(name).toLowerCase())) return pair;
          onSecret?.(safeDecode(pair.slice(equals + 1)));
          return `${name}=${redactedPlaceholder}`;
        });
      rest = `${rest.slice(0, query + 1)}${parameters.join('&')}${rest.slice(end)}`;
    }
    return url.slice(0, schemeEnd) + rest;
  });
}

// The names every `field` list anywhere in the config declares, lower-cased.
function namesListed(config: unknown, field: string): string[] {
  const names: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === field && Array.isArray(item)) {
        for (const name of item) if (typeof name === 'string') names.push(name.toLowerCase());
      } else visit(item);
    }
  };
  visit(config);
  return names;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
