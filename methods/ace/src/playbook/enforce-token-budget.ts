import type { Bullet, Playbook } from './playbook.js';
import { playbookTokens } from './render-playbook.js';

/** What keeping the playbook under its token budget removed. */
export interface BudgetEnforcement {
  /** The playbook within budget (or as close as the rules allow). */
  readonly playbook: Playbook;
  /** Older bullets removed to make room, lowest value first. */
  readonly evicted: readonly string[];
  /** Bullets of the current delta's ADDs removed because even evictions did not make room. */
  readonly dropped: readonly string[];
  /** True when the result fits the budget. */
  readonly withinBudget: boolean;
}

/**
 * Keeps the playbook within `tokenBudget` estimated tokens (the reference's
 * `playbook_token_budget`, which the reference itself never enforces, ace#11). While over:
 * first evict bullets the current delta did not create or rewrite, lowest value first — value is
 * helpful minus harmful, then fewer harmful tags, then the oldest goes first; then drop the
 * delta's own additions, newest first. A caller whose playbook still does not fit (a delta of
 * rewrites alone too large) reverts the delta.
 */
export function enforceTokenBudget(
  playbook: Playbook,
  options: {
    readonly tokenBudget: number;
    /** Bullets the current delta created or rewrote; evicted last. */
    readonly protectedIds: readonly string[];
    /** Bullets the current delta created, oldest first; dropped newest first when needed. */
    readonly addedIds: readonly string[];
  },
): BudgetEnforcement {
  let current = playbook;
  const evicted: string[] = [];
  const dropped: string[] = [];
  const fits = () => playbookTokens(current) <= options.tokenBudget;
  const protectedIds = new Set(options.protectedIds);
  const remove = (id: string) => {
    current = { ...current, bullets: current.bullets.filter((bullet) => bullet.id !== id) };
  };
  while (!fits()) {
    const victim = lowestValue(current.bullets.filter((bullet) => !protectedIds.has(bullet.id)));
    if (victim === undefined) break;
    remove(victim.id);
    evicted.push(victim.id);
  }
  const additions = [...options.addedIds].reverse();
  while (!fits()) {
    const id = additions.shift();
    if (id === undefined) break;
    remove(id);
    dropped.push(id);
  }
  return { playbook: current, evicted, dropped, withinBudget: fits() };
}

function lowestValue(bullets: readonly Bullet[]): Bullet | undefined {
  let lowest: Bullet | undefined;
  for (const bullet of bullets) {
    if (lowest === undefined || lessValuable(bullet, lowest)) lowest = bullet;
  }
  return lowest;
}

// Strictly less valuable only: among equals the first met (the oldest) stays the lowest.
function lessValuable(left: Bullet, right: Bullet): boolean {
  const leftNet = left.helpful - left.harmful;
  const rightNet = right.helpful - right.harmful;
  if (leftNet !== rightNet) return leftNet < rightNet;
  return left.harmful > right.harmful;
}
