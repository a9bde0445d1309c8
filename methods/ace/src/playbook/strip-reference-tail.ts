import type { Playbook } from './playbook.js';

/**
 * The reference keeps its playbook as one text and strips it as a whole before it applies a
 * curation or moves counters (ace-agent/ace `ba78d34`, `playbook_utils.py:106`, `:52`): the
 * text's last line — the last bullet of the last section, when that section has one — loses its
 * trailing whitespace. This does the same to that bullet's content (`profile: reference`).
 */
export function stripReferenceTail(playbook: Playbook): Playbook {
  const last = playbook.sections[playbook.sections.length - 1];
  let index = -1;
  playbook.bullets.forEach((bullet, position) => {
    if (bullet.section === last) index = position;
  });
  const bullet = playbook.bullets[index];
  if (bullet === undefined || bullet.content.trimEnd() === bullet.content) return playbook;
  const bullets = [...playbook.bullets];
  bullets[index] = { ...bullet, content: bullet.content.trimEnd() };
  return { ...playbook, bullets };
}
