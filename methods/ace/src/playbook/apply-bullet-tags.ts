import type { Playbook } from './playbook.js';

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
): { readonly playbook: Playbook; readonly counts: TagCounts } {
  const byId = new Map<string, BulletTag['tag']>();
  for (const tag of tags) byId.set(tag.id, tag.tag);
  const known = new Set(playbook.bullets.map((bullet) => bullet.id));
  const counts = { helpful: 0, harmful: 0, neutral: 0, unknown: 0 };
  for (const [id, tag] of byId) {
    if (!known.has(id)) counts.unknown += 1;
    else counts[tag] += 1;
  }
  if (counts.helpful + counts.harmful === 0) return { playbook, counts };
  const bullets = playbook.bullets.map((bullet) => {
    const tag = byId.get(bullet.id);
    if (tag === 'helpful') return { ...bullet, helpful: bullet.helpful + 1 };
    if (tag === 'harmful') return { ...bullet, harmful: bullet.harmful + 1 };
    return bullet;
  });
  return { playbook: { ...playbook, bullets }, counts };
}
