/** Longest accepted failure-mode name: "short snake_case" (Figure 5), with room to be descriptive. */
export const maxFailureModeNameLength = 64;

const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Checks a proposed failure-mode name: lowercase snake_case (a letter first, then letters, digits
 * and single underscores between words), at most `maxFailureModeNameLength` characters. Returns
 * why it is not acceptable, or `undefined` when it is.
 */
export function checkFailureModeName(name: string): string | undefined {
  if (name.length > maxFailureModeNameLength) {
    return `name ${JSON.stringify(name)} is longer than ${maxFailureModeNameLength} characters`;
  }
  if (!snakeCase.test(name)) {
    return `name ${JSON.stringify(name)} is not snake_case (lowercase words joined by "_")`;
  }
  return undefined;
}

/** @deprecated The former name of `maxFailureModeNameLength`; kept for one release. */
export const maxClusterNameLength = maxFailureModeNameLength;

/** @deprecated The former name of `checkFailureModeName`; kept for one release. */
export const checkClusterName = checkFailureModeName;
