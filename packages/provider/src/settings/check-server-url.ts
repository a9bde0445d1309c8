import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { endpointLabel } from './endpoint-label.js';
import { registerUrlSecrets } from './redact-secrets.js';

/**
 * Registers the credentials a server URL carries (so no message repeats them) and refuses
 * user-info in it: fetch will not send a request to `http://user:password@host`, and the failure
 * would otherwise look like an unreachable server, retried on every call. `where` names the
 * setting (`Anthropic settings → baseURL`). Returns the URL unchanged.
 */
export function checkServerUrl(url: string, where: string, argument = 'baseURL'): string {
  registerUrlSecrets(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new InvalidArgumentError({
      argument,
      message: `${where}: ${endpointLabel(url)} carries credentials in the URL (user:password@), which HTTP clients do not send; give them as a header instead (settings.headers, e.g. Authorization: Basic <base64 of user:password>)`,
    });
  }
  return url;
}
