/** Longest accepted mode name: "short snake_case" (Figure 5), with room to be descriptive. */
export const maxClusterNameLength = 64;

const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Checks a proposed mode name: lowercase snake_case (a letter first, then letters, digits and
 * single underscores between words), at most `maxClusterNameLength` characters. Returns why it is
 * not acceptable, or `undefined` when it is.
 */
export function checkClusterName(name: string): string | undefined {
  if (name.length > maxClusterNameLength) {
    return `name ${JSON.stringify(name)} is longer than ${maxClusterNameLength} characters`;
  }
  if (!snakeCase.test(name)) {
    return `name ${JSON.stringify(name)} is not snake_case (lowercase words joined by "_")`;
  }
  return undefined;
}
