/** Longest cell id a worker accepts from the queue, in characters. */
export const maxCellIdLength = 1024;

/** Longest single segment of a cell id (most filesystems' limit for one name). */
const maxSegmentLength = 255;

// What `@forge/suite`'s `pathSegment` makes of a label: letters, digits, `.`, `_` and `-`, never
// starting with `.` or `-` (so never `.` or `..`), or a lone `-`.
const segmentPattern = /^(?:-|[A-Za-z0-9_][A-Za-z0-9._-]*)$/;

/**
 * Why a cell id read from Redis cannot name a directory under the suite's `cells/`, or
 * `undefined` when it can: segments of letters, digits, `.`, `_` and `-` joined by `/`, none
 * empty, none starting with `.` (so no `.` or `..`), none absolute, no NUL or control
 * character, at most 1024 characters.
 */
export function unsafeCellIdReason(id: string): string | undefined {
  if (id.length === 0) return 'it is empty';
  if (id.length > maxCellIdLength) return `it is longer than ${maxCellIdLength} characters`;
  for (const segment of id.split('/')) {
    if (segment.length > maxSegmentLength)
      return `a segment is longer than ${maxSegmentLength} characters`;
    if (!segmentPattern.test(segment)) {
      return segment === '' || segment === '.' || segment === '..'
        ? 'it is not a plain relative path (empty, "." or ".." segment, or a leading "/")'
        : 'a segment holds a character other than letters, digits, ".", "_" and "-", or starts with "."';
    }
  }
  return undefined;
}
