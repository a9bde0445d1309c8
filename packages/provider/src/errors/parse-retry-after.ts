/** Reads response headers by (case-insensitive) name. */
export type HeaderLookup = (name: string) => string | null | undefined;

/**
 * How long the server asked the client to wait, in milliseconds: `retry-after-ms` (a float),
 * else `retry-after` as seconds or an HTTP date. Returns `undefined` when neither header is
 * present or readable, and never a negative number.
 */
export function parseRetryAfterMs(
  header: HeaderLookup,
  now: number = Date.now(),
): number | undefined {
  const milliseconds = header('retry-after-ms');
  if (milliseconds !== null && milliseconds !== undefined && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value)) return Math.max(0, value);
  }
  const retryAfter = header('retry-after')?.trim();
  if (retryAfter === undefined || retryAfter === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.max(0, Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A `HeaderLookup` over a `Headers` object, a plain record, or nothing. */
export function headerLookup(
  headers: Headers | { readonly [name: string]: string | undefined } | undefined,
): HeaderLookup {
  if (headers === undefined) return () => undefined;
  if (typeof (headers as Headers).get === 'function') {
    return (name) => (headers as Headers).get(name);
  }
  const record = headers as { readonly [name: string]: string | undefined };
  const lowered = new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
  return (name) => lowered.get(name.toLowerCase());
}
