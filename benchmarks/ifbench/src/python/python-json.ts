/**
 * Whether Python's `json.loads(text)` accepts `text`: standard JSON plus the bare constants
 * `NaN`, `Infinity` and `-Infinity`, which Python reads and `JSON.parse` rejects.
 */
export function isPythonJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    // Replace the Python-only constants outside strings by a number and try again.
  }
  let rewritten = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (inString) {
      rewritten += character;
      if (character === '\\') {
        rewritten += text[index + 1] ?? '';
        index++;
      } else if (character === '"') {
        inString = false;
      }
      continue;
    }
    if (character === '"') {
      inString = true;
      rewritten += character;
      continue;
    }
    const constant = ['-Infinity', 'Infinity', 'NaN'].find((word) => text.startsWith(word, index));
    if (constant !== undefined) {
      rewritten += '0';
      index += constant.length - 1;
      continue;
    }
    rewritten += character;
  }
  if (rewritten === text) return false;
  try {
    JSON.parse(rewritten);
    return true;
  } catch {
    return false;
  }
}
