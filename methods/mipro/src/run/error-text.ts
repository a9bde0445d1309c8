/**
 * An error as one line for records and notes: its name and message, whitespace folded, clipped
 * at 300 characters. (Provider errors reach here already stripped of credentials.)
 */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
