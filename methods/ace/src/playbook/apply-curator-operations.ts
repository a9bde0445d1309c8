import type { CuratorOperation, ParsedOperation } from './curator-operation.js';
import { type Bullet, bulletId, type Playbook } from './playbook.js';

/** Why an operation changed nothing. */
export type RejectionReason =
  | 'unsupported-operation'
  | 'invalid-operation'
  | 'unknown-bullet'
  | 'unknown-module'
  | 'empty-content'
  | 'too-few-bullets';

/** An operation that changed the playbook. */
export interface AppliedOperation {
  /** Its position in the curator's list. */
  readonly index: number;
  /** The operation's type. */
  readonly type: CuratorOperation['type'];
  /** The bullet it created, rewrote, kept (MERGE) or removed. */
  readonly bulletId: string;
  /** Bullets a MERGE folded into `bulletId`. */
  readonly mergedIds?: readonly string[];
  /** For an ADD whose section does not exist: the section it was filed under instead. */
  readonly fallbackSection?: string;
}

/** An operation that changed nothing, with the reason. */
export interface RejectedOperation {
  /** Its position in the curator's list. */
  readonly index: number;
  /** The type it named. */
  readonly type: string;
  /** Why it was rejected. */
  readonly reason: RejectionReason;
}

/** The result of applying one curator delta. */
export interface DeltaResult {
  /** The playbook after the delta. */
  readonly playbook: Playbook;
  /** Operations applied, in order. */
  readonly applied: readonly AppliedOperation[];
  /** Operations rejected, in order. */
  readonly rejected: readonly RejectedOperation[];
  /** Ids of bullets this delta created or rewrote (still present). */
  readonly touched: readonly string[];
  /** Ids of bullets this delta created, oldest first. */
  readonly added: readonly string[];
}

/**
 * Applies a curator delta one operation at a time, in order; a later operation sees the effect
 * of earlier ones. Rules (the reference's, plus the operations it only advertises):
 * - ADD creates `[<slug>-<next id>] helpful=0 harmful=0` at the end of its section; a section
 *   the playbook lacks files it under `others` (the reference's fallback), or the last section.
 * - UPDATE rewrites one bullet's content; id, section, scope and counters stay.
 * - MERGE keeps the first named bullet (its id, section and scope) with the summed counters and
 *   the given content, and removes the others; it needs two bullets that exist.
 * - DELETE removes one bullet.
 * An operation naming an unknown bullet or module, or with empty content, changes nothing and is
 * counted with its reason. Bullets no operation names stay byte for byte.
 */
export function applyCuratorOperations(
  playbook: Playbook,
  operations: readonly ParsedOperation[],
  modules: readonly string[],
): DeltaResult {
  let bullets: Bullet[] = [...playbook.bullets];
  let nextId = playbook.nextId;
  const applied: AppliedOperation[] = [];
  const rejected: RejectedOperation[] = [];
  const touched = new Set<string>();
  const added: string[] = [];
  const has = (id: string) => bullets.some((bullet) => bullet.id === id);

  const applyOne = (operation: ParsedOperation, index: number): RejectionReason | null => {
    switch (operation.type) {
      case 'INVALID':
        return operation.reason;
      case 'ADD': {
        const content = cleanContent(operation.content);
        if (content === '') return 'empty-content';
        if (operation.module !== null && !modules.includes(operation.module)) {
          return 'unknown-module';
        }
        const known = playbook.sections.includes(operation.section);
        const section = known ? operation.section : fallbackSection(playbook.sections);
        const id = bulletId(section, nextId);
        nextId += 1;
        bullets.push({ id, section, module: operation.module, content, helpful: 0, harmful: 0 });
        touched.add(id);
        added.push(id);
        applied.push({
          index,
          type: 'ADD',
          bulletId: id,
          ...(known ? {} : { fallbackSection: section }),
        });
        return null;
      }
      case 'UPDATE': {
        const content = cleanContent(operation.content);
        if (!has(operation.bulletId)) return 'unknown-bullet';
        if (content === '') return 'empty-content';
        bullets = bullets.map((bullet) =>
          bullet.id === operation.bulletId ? { ...bullet, content } : bullet,
        );
        touched.add(operation.bulletId);
        applied.push({ index, type: 'UPDATE', bulletId: operation.bulletId });
        return null;
      }
      case 'MERGE': {
        const ids = [...new Set(operation.sourceIds)];
        if (ids.some((id) => !has(id))) return 'unknown-bullet';
        if (ids.length < 2) return 'too-few-bullets';
        const sources = ids.map((id) => bullets.find((bullet) => bullet.id === id) as Bullet);
        const first = sources[0] as Bullet;
        const content =
          operation.content === undefined ? first.content : cleanContent(operation.content);
        if (content === '') return 'empty-content';
        const merged: Bullet = {
          ...first,
          content,
          helpful: sources.reduce((sum, bullet) => sum + bullet.helpful, 0),
          harmful: sources.reduce((sum, bullet) => sum + bullet.harmful, 0),
        };
        const removed = new Set(ids.slice(1));
        bullets = bullets
          .filter((bullet) => !removed.has(bullet.id))
          .map((bullet) => (bullet.id === first.id ? merged : bullet));
        for (const id of removed) touched.delete(id);
        touched.add(first.id);
        applied.push({ index, type: 'MERGE', bulletId: first.id, mergedIds: ids.slice(1) });
        return null;
      }
      case 'DELETE': {
        if (!has(operation.bulletId)) return 'unknown-bullet';
        bullets = bullets.filter((bullet) => bullet.id !== operation.bulletId);
        touched.delete(operation.bulletId);
        applied.push({ index, type: 'DELETE', bulletId: operation.bulletId });
        return null;
      }
    }
  };
  for (const [index, operation] of operations.entries()) {
    const reason = applyOne(operation, index);
    if (reason === null) continue;
    const type = operation.type === 'INVALID' ? (operation.named ?? '(none)') : operation.type;
    rejected.push({ index, type, reason });
  }
  const present = new Set(bullets.map((bullet) => bullet.id));
  return {
    playbook: { ...playbook, bullets, nextId },
    applied,
    rejected,
    touched: [...touched].filter((id) => present.has(id)),
    added: added.filter((id) => present.has(id)),
  };
}

function fallbackSection(sections: readonly string[]): string {
  return sections.includes('others') ? 'others' : (sections[sections.length - 1] ?? 'others');
}

// The reference tells the curator not to write the `[id] helpful=… harmful=… ::` prefix; when
// one does anyway, the prefix is dropped rather than kept as advice.
function cleanContent(content: string): string {
  return content
    .replace(/^\s*\[[^\]]+\]\s*helpful=\d+\s*harmful=\d+\s*(?:module=\S+\s*)?::\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
