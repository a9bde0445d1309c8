/** The JSON object found in a model's answer, or why none was. */
export type JsonObjectExtraction =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/**
 * Finds the one JSON object an ACE role answers with. The reference asks for bare JSON but
 * accepts, in this order, the whole answer as JSON, a fenced ```json block, or the first
 * balanced `{…}` that parses — models often add prose around the object. So does this.
 */
export function extractJsonObject(text: string): JsonObjectExtraction {
  const whole = parseObject(text.trim());
  if (whole !== undefined) return { ok: true, value: whole };
  for (const match of text.matchAll(/```(?:json)?\s*\n?([\s\S]*?)```/gi)) {
    const fenced = parseObject((match[1] ?? '').trim());
    if (fenced !== undefined) return { ok: true, value: fenced };
  }
  for (const candidate of balancedObjects(text)) {
    const value = parseObject(candidate);
    if (value !== undefined) return { ok: true, value };
  }
  return {
    ok: false,
    reason: text.includes('{') ? 'no parsable JSON object' : 'no JSON object in the answer',
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// Brace matching that skips braces inside JSON strings.
function* balancedObjects(text: string): Generator<string> {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let index = start; index < text.length; index++) {
      const character = text[index];
      if (inString) {
        if (character === '\\') index += 1;
        else if (character === '"') inString = false;
      } else if (character === '"') inString = true;
      else if (character === '{') depth += 1;
      else if (character === '}') {
        depth -= 1;
        if (depth === 0) {
          yield text.slice(start, index + 1);
          break;
        }
      }
    }
  }
}
