/**
 * How deep arrays and objects may nest in what a model server sends back: its response body
 * (success or error) and the answer made from it (tool-call inputs included). Real answers nest
 * a dozen levels at most; a body nested thousands deep is refused as an invalid response before
 * anything in Forge walks it, so nothing overflows the stack storing, caching or printing it.
 */
export const maxResponseDepth = 100;

const shownSegments = 6;

/**
 * Where `value` first nests arrays or objects more than `limit` levels deep — the path of the
 * offending container, its first segments only (`choices.0.message.content.0.0…`) — or
 * `undefined` when it stays within. A plain string or number is depth 0, `[]` and `{}` depth 1.
 * The walk keeps its own stack (it never recurses), so any depth is measured safely, and a
 * cyclic object is reported as too deep rather than looped over.
 */
export function pathBeyondDepth(
  value: unknown,
  limit: number = maxResponseDepth,
): string | undefined {
  const pending: { value: unknown; depth: number; path: readonly string[] }[] = [
    { value, depth: 0, path: [] },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return describePath(next.path);
    const path = next.path;
    if (Array.isArray(next.value)) {
      for (let index = next.value.length - 1; index >= 0; index--)
        pending.push({ value: next.value[index], depth, path: extend(path, String(index)) });
    } else {
      for (const [key, member] of Object.entries(next.value))
        pending.push({ value: member, depth, path: extend(path, key) });
    }
  }
  return undefined;
}

// Paths are kept to their first segments plus a marker, so a path 20,000 deep costs no more
// than one a few levels deep.
function extend(path: readonly string[], segment: string): readonly string[] {
  if (path.length > shownSegments) return path;
  return path.length === shownSegments ? [...path, '…'] : [...path, segment];
}

function describePath(path: readonly string[]): string {
  return path.length === 0 ? 'the top level' : path.join('.').replace('.…', '…');
}

/**
 * True when the JSON text `text` nests arrays or objects more than `limit` levels deep, counted
 * on the text itself (brackets outside strings), so a body can be judged before it is parsed or
 * when only its text is at hand (an error's response body). Text that is not JSON is measured
 * the same way, bracket by bracket.
 */
export function jsonTextBeyondDepth(text: string, limit: number = maxResponseDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
