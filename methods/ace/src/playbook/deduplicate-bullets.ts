import { lexicalSimilarity } from './lexical-similarity.js';
import type { Bullet, Playbook } from './playbook.js';

/** Two bullets found to say the same thing. */
export interface DuplicateMerge {
  /** The bullet kept (the older one). */
  readonly kept: string;
  /** The bullet folded into it and removed. */
  readonly removed: string;
  /** Their lexical similarity. */
  readonly similarity: number;
}

/**
 * Removes near-duplicate bullets (the reference's BulletpointAnalyzer, with a lexical similarity
 * instead of embeddings and no LLM rewrite). Bullets are compared in playbook order, only within
 * the same module scope; when a later bullet is at least `threshold` similar to an earlier one,
 * the earlier one stays (id, section, content) with both bullets' counters summed and the later
 * one is removed.
 */
export function deduplicateBullets(
  playbook: Playbook,
  threshold: number,
): { readonly playbook: Playbook; readonly merges: readonly DuplicateMerge[] } {
  const kept: Bullet[] = [];
  const merges: DuplicateMerge[] = [];
  for (const bullet of playbook.bullets) {
    let match: { index: number; similarity: number } | undefined;
    for (const [index, earlier] of kept.entries()) {
      if (earlier.module !== bullet.module) continue;
      const similarity = lexicalSimilarity(earlier.content, bullet.content);
      if (similarity >= threshold) {
        match = { index, similarity };
        break;
      }
    }
    if (match === undefined) {
      kept.push(bullet);
      continue;
    }
    const earlier = kept[match.index] as Bullet;
    kept[match.index] = {
      ...earlier,
      helpful: earlier.helpful + bullet.helpful,
      harmful: earlier.harmful + bullet.harmful,
    };
    merges.push({ kept: earlier.id, removed: bullet.id, similarity: match.similarity });
  }
  return merges.length === 0
    ? { playbook, merges }
    : { playbook: { ...playbook, bullets: kept }, merges };
}
