import type {
  AppliedOperation,
  DeltaResult,
  RejectedOperation,
} from './apply-curator-operations.js';
import type { ParsedOperation } from './curator-operation.js';
import type { Bullet, Playbook } from './playbook.js';
import {
  referenceHeading,
  referenceSectionName,
  referenceSectionSlug,
} from './reference-section-slug.js';
import { stripReferenceTail } from './strip-reference-tail.js';

/**
 * Applies a curator delta as the reference's `apply_curator_operations` does (ace-agent/ace
 * `ba78d34`, `playbook_utils.py:96–216`), for `profile: reference`:
 * - only ADD changes the playbook; any other entry is counted with its reason;
 * - the section is normalised (`referenceSectionName`, `:146`) and looked up among the playbook's
 *   headings normalised alike (`:117`; the reference's own headings for the default sections, so
 *   `PROBLEM-SOLVING HEURISTICS` is found and `problem_solving_heuristics` is not); a name it lacks goes to
 *   `others` (`:149–151`), except `general`, which the reference keeps as its own name and, having
 *   no such heading, files right after the `## OTHERS` heading, before that section's bullets
 *   (`:197–211`); without an `others` section both end the playbook, in the last section
 *   (`:213–214`);
 * - the id is the normalised section's slug (`referenceSectionSlug`, `utils.py:44–69`) and the
 *   playbook's next number (`:153–155`);
 * - the content is kept as written (`:157–159`): a copied `[id] helpful=… ::` prefix, line breaks,
 *   surrounding spaces and an empty content all stay (the playbook's last line loses its trailing
 *   whitespace first, `stripReferenceTail`).
 * The module scope of an ADD is Forge's addition and is checked as under `paper`.
 */
export function applyReferenceAdds(
  given: Playbook,
  operations: readonly ParsedOperation[],
  modules: readonly string[],
): DeltaResult {
  const playbook = stripReferenceTail(given);
  const appended: Bullet[] = [];
  const afterOthersHeading: Bullet[] = [];
  const atEnd: Bullet[] = [];
  const applied: AppliedOperation[] = [];
  const rejected: RejectedOperation[] = [];
  const created: string[] = [];
  let nextId = playbook.nextId;
  const hasOthers = playbook.sections.includes('others');
  // The playbook's sections by their headings' normalised names.
  const sectionOf = new Map(
    playbook.sections.map((section) => [referenceSectionName(referenceHeading(section)), section]),
  );
  const lastSection = playbook.sections[playbook.sections.length - 1] ?? 'others';

  for (const [index, operation] of operations.entries()) {
    if (operation.type !== 'ADD') {
      rejected.push(
        operation.type === 'INVALID'
          ? { index, type: operation.named ?? '(none)', reason: operation.reason }
          : { index, type: operation.type, reason: 'unsupported-operation' },
      );
      continue;
    }
    if (operation.module !== null && !modules.includes(operation.module)) {
      rejected.push({ index, type: 'ADD', reason: 'unknown-module' });
      continue;
    }
    const named = referenceSectionName(operation.section);
    const known = sectionOf.has(named);
    const target = known || named === 'general' ? named : 'others';
    const id = `${referenceSectionSlug(target)}-${String(nextId).padStart(5, '0')}`;
    nextId += 1;
    const section = sectionOf.get(target);
    const filedUnder = section ?? (hasOthers ? 'others' : lastSection);
    const bullet: Bullet = {
      id,
      section: filedUnder,
      module: operation.module,
      content: operation.content,
      helpful: 0,
      harmful: 0,
    };
    created.push(id);
    if (section !== undefined) appended.push(bullet);
    else if (hasOthers) afterOthersHeading.push(bullet);
    else atEnd.push(bullet);
    applied.push({
      index,
      type: 'ADD',
      bulletId: id,
      ...(known ? {} : { fallbackSection: filedUnder }),
    });
  }

  const bullets = [...playbook.bullets, ...appended];
  if (afterOthersHeading.length > 0) {
    const firstOther = bullets.findIndex((bullet) => bullet.section === 'others');
    bullets.splice(firstOther < 0 ? bullets.length : firstOther, 0, ...afterOthersHeading);
  }
  bullets.push(...atEnd);
  return {
    playbook: { ...playbook, bullets, nextId },
    applied,
    rejected,
    touched: created,
    added: created,
  };
}
