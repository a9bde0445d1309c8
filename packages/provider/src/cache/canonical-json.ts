/**
 * JSON with object keys sorted at every depth and `undefined` members dropped, so two requests
 * that mean the same thing serialize to the same bytes whatever order their fields were built
 * in. Array order is kept: it is meaningful. Non-finite numbers become `null`, as in JSON.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value)) ?? 'null';
}

function normalize(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    return value;
  }
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : normalize(item)));
  if (value instanceof Date) return value.toISOString();
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function') continue;
    sorted[key] = normalize(member);
  }
  return sorted;
}
