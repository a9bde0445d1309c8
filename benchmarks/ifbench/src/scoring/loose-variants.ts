import { pythonStrip } from '../python/python-text.js';

/**
 * The eight responses loose evaluation tries, in the reference's order (`evaluation_lib.py`):
 * the response, without asterisks, without its first line, without its last line, without
 * both, and those three again without asterisks. Lines are split on "\n" only.
 */
export function looseVariants(response: string): string[] {
  const lines = response.split('\n');
  const withoutFirst = pythonStrip(lines.slice(1).join('\n'));
  const withoutLast = pythonStrip(lines.slice(0, -1).join('\n'));
  const withoutBoth = pythonStrip(lines.slice(1, -1).join('\n'));
  const noStars = (text: string): string => text.replaceAll('*', '');
  return [
    response,
    noStars(response),
    withoutFirst,
    withoutLast,
    withoutBoth,
    noStars(withoutFirst),
    noStars(withoutLast),
    noStars(withoutBoth),
  ];
}
