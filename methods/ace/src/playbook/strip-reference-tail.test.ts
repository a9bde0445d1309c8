import { describe, expect, it } from 'vitest';
import type { Bullet, Playbook } from './playbook.js';
import { stripReferenceTail } from './strip-reference-tail.js';

const bullet = (id: string, section: string, content: string): Bullet => ({
  id,
  section,
  module: null,
  content,
  helpful: 0,
  harmful: 0,
});

// ace-agent/ace ba78d34, playbook_utils.py:52 and :106: `playbook_text.strip()`.
describe('stripReferenceTail', () => {
  it('strips the trailing whitespace of the last section`s last bullet only', () => {
    const playbook: Playbook = {
      sections: ['rules', 'others'],
      nextId: 4,
      bullets: [
        bullet('misc-00001', 'others', 'Earlier.  '),
        bullet('rule-00002', 'rules', 'Later in the array.  '),
        bullet('misc-00003', 'others', 'Last line.\n  '),
      ],
    };
    expect(stripReferenceTail(playbook).bullets.map((item) => item.content)).toEqual([
      'Earlier.  ',
      'Later in the array.  ',
      'Last line.',
    ]);
  });

  it('leaves the bullets alone when the last section is empty (its heading is the last line)', () => {
    const playbook: Playbook = {
      sections: ['rules', 'others'],
      nextId: 2,
      bullets: [bullet('rule-00001', 'rules', 'Spaced.  ')],
    };
    expect(stripReferenceTail(playbook)).toBe(playbook);
  });
});
