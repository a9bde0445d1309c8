import type { BulletTag } from '../playbook/apply-bullet-tags.js';

/** The tags the reference would apply, and the entries it would pass over. */
export interface ReferenceBulletTags {
  /** In the reflector's order; a later tag of the same bullet wins when applied. */
  readonly tags: readonly BulletTag[];
  /** Entries skipped: not an object, or no usable bullet id. */
  readonly invalidTags: number;
}

/**
 * The bullet tags of a reflector answer, read as the reference reads them (ace-agent/ace
 * `ba78d34`), for `profile: reference`:
 * - found in the raw answer, whether or not the rest of it parses (`ace/core/reflector.py:124–148`,
 *   the default `json_mode` False): the first `"bullet_tags"`, the first `[` after it, up to its
 *   matching `]` (brackets counted without regard to strings), parsed as JSON; nothing when that
 *   fails;
 * - each entry's bullet is its `id`, or when that is empty or missing its `bullet`
 *   (`playbook_utils.py:61`; `bullet_id` is not read), compared as written;
 * - its tag counts only when it is exactly `helpful` or `harmful` (`:79–82`); any other value,
 *   `Helpful` included, and a missing tag (`:62`) are neutral, and still replace an earlier tag of
 *   the same bullet (`:64`).
 */
export function readReferenceBulletTags(answer: string): ReferenceBulletTags {
  const none = { tags: [], invalidTags: 0 };
  const start = answer.indexOf('"bullet_tags"');
  if (start < 0) return none;
  const open = answer.indexOf('[', start);
  if (open < 0) return none;
  let end = open;
  let depth = 0;
  for (let index = open; index < answer.length; index++) {
    if (answer[index] === '[') depth += 1;
    else if (answer[index] === ']') {
      depth -= 1;
      if (depth === 0) {
        end = index + 1;
        break;
      }
    }
  }
  let entries: unknown;
  try {
    entries = JSON.parse(answer.slice(open, end));
  } catch {
    return none;
  }
  if (!Array.isArray(entries)) return none;
  const tags: BulletTag[] = [];
  let invalidTags = 0;
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      invalidTags += 1;
      continue;
    }
    const record = entry as Record<string, unknown>;
    // Python's `tag.get('id') or tag.get('bullet', '')`: a falsy id falls through to `bullet`.
    const id = pythonTruthy(record['id']) ? record['id'] : record['bullet'];
    if (typeof id !== 'string' || id === '') {
      invalidTags += 1;
      continue;
    }
    const tag = 'tag' in record ? record['tag'] : 'neutral';
    tags.push({ id, tag: tag === 'helpful' || tag === 'harmful' ? tag : 'neutral' });
  }
  return { tags, invalidTags };
}

function pythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
