/** The longest text of one message, feedback or answer the report embeds. */
export const clipLength = 4000;

/**
 * Cuts a long text for the report, saying how much was left out and where the whole is, so a
 * run with huge retrieval results still gives a report of reasonable size.
 */
export function clipText(text: string, length = clipLength): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length)}\n… [${text.length - length} more characters; the full text is in forge.db]`;
}

/** Parses a JSON column, or returns `fallback` when it is null or not JSON. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
