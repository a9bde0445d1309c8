/**
 * How an endpoint is named in status lines, events and errors: its URL without user name,
 * password, query or fragment (any of which may hold a credential) and without a trailing slash.
 * Text that is not a URL is returned as it is.
 */
export function endpointLabel(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString().replace(/\/+$/, '');
}
