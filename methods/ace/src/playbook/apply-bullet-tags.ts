import type { Playbook } from './playbook.js';
import { stripReferenceTail } from './strip-reference-tail.js';

/** The reflector's judgement of one bullet it was shown. */
export interface BulletTag {
  /** The bullet's id. */
  readonly id: string;
  /** `helpful` and `harmful` move the bullet's counter; `neutral` changes nothing. */
  readonly tag: 'helpful' | 'harmful' | 'neutral';
}

/** How many tags of each kind a reflection applied. */
export interface TagCounts {
  /** Helpful counters incremented. */
  readonly helpful: number;
  /** Harmful counters incremented. */
  readonly harmful: number;
  /** Neutral tags (no change). */
  readonly neutral: number;
  /** Tags naming a bullet the playbook does not have (ignored). */
  readonly unknown: number;
}

/**
 * The counter layer: increments the helpful or harmful counter of each tagged bullet. As in the
 * reference, a bullet tagged twice in one reflection counts once, with the last tag given.
 */
export function applyBulletTags(
  playbook: Playbook,
  tags: readonly BulletTag[],
  options: {
    /**
     * Rewrite each tagged bullet's first line as the reference does when it updates the counters
     * (`profile: reference`; ace-agent/ace `ba78d34`, `playbook_utils.py:76–89`): the line is
     * parsed back (`:13–27`, stripped, spaces after `::` skipped) and written anew, so the
     * content's first line loses its surrounding whitespace — neutral tags included — and the
     * whole text is stripped first (`:52`, `stripReferenceTail`).
     */
    readonly rewriteTaggedLines?: boolean;
  } = {},
): { readonly playbook: Playbook; readonly counts: TagCounts } {
  const byId = new Map<string, BulletTag['tag']>();
  for (const tag of tags) byId.set(tag.id, tag.tag);
  const known = new Set(playbook.bullets.map((bullet) => bullet.id));
  const counts = { helpful: 0, harmful: 0, neutral: 0, unknown: 0 };
  for (const [id, tag] of byId) {
    if (!known.has(id)) counts.unknown += 1;
    else counts[tag] += 1;
  }
  const rewrite = options.rewriteTaggedLines === true;
  if (counts.helpful + counts.harmful === 0 && !rewrite) return { playbook, counts };
  if (rewrite && byId.size === 0) return { playbook, counts };
  const start = rewrite ? stripReferenceTail(playbook) : playbook;
  const bullets = start.bullets.map((bullet) => {
    const tag = byId.get(bullet.id);
    if (tag === undefined) return bullet;
    const rewritten = rewrite ? { ...bullet, content: rewrittenContent(bullet.content) } : bullet;
    if (tag === 'helpful') return { ...rewritten, helpful: bullet.helpful + 1 };
    if (tag === 'harmful') return { ...rewritten, harmful: bullet.harmful + 1 };
    return rewritten;
  });
  return { playbook: { ...start, bullets }, counts };
}

// The reference keeps a bullet as one line of text; a content with line breaks spans several, and
// only the first is parsed and rewritten.
function rewrittenContent(content: string): string {
  const lineEnd = content.indexOf('\n');
  const first = lineEnd < 0 ? content : content.slice(0, lineEnd);
  const rest = lineEnd < 0 ? '' : content.slice(lineEnd);
  return first.trim() + rest;
}
