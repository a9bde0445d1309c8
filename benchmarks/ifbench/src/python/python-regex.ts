import { pythonWhitespaceClass } from '@forge/python-compat';
import { PythonRuntimeError } from './python-runtime-error.js';
import { WORD_CHARACTER } from './python-text.js';

/** Python's Unicode `\b`: a position between a word character and a non-word one. */
export const WORD_BOUNDARY = `(?:(?<=${WORD_CHARACTER})(?!${WORD_CHARACTER})|(?<!${WORD_CHARACTER})(?=${WORD_CHARACTER}))`;

/** Python's `\s` on str patterns. */
export const PYTHON_SPACE = pythonWhitespaceClass;

/**
 * Compiles a pattern the reference passes to Python's `re` (keywords, section splitters,
 * postscript markers). Plain words mean the same in both engines; `\b`, `\s` and `\w` are
 * rewritten to Python's Unicode classes. A pattern JavaScript cannot compile raises like
 * `re.error` would at check time.
 */
export function compilePythonPattern(pattern: string, flags: string): RegExp {
  const translated = pattern
    .replaceAll('\\b', WORD_BOUNDARY)
    .replaceAll('\\s', PYTHON_SPACE)
    .replaceAll('\\w', WORD_CHARACTER);
  try {
    return new RegExp(translated, `${flags}u`);
  } catch {
    try {
      return new RegExp(translated, flags);
    } catch (error) {
      throw new PythonRuntimeError('re.error', (error as Error).message);
    }
  }
}
