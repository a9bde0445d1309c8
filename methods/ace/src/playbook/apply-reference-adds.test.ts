import { describe, expect, it } from 'vitest';
import { applyReferenceAdds } from './apply-reference-adds.js';
import type { Playbook } from './playbook.js';
import { renderPlaybook } from './render-playbook.js';

const add = (section: string, content: string) =>
  ({ type: 'ADD', section, content, module: null }) as const;

describe('applyReferenceAdds', () => {
  it('without an others section, ends the playbook with what has no section', () => {
    // ace-agent/ace ba78d34, playbook_utils.py:197–214: with no "## OTHERS" the leftovers are
    // appended after the last section's bullets. Run on "## RULES … ## DATES …" with these four
    // ADDs, apply_curator_operations prints exactly this playbook.
    const playbook: Playbook = {
      sections: ['rules', 'dates'],
      nextId: 3,
      bullets: [
        {
          id: 'rule-00001',
          section: 'rules',
          module: null,
          content: 'Old.',
          helpful: 0,
          harmful: 0,
        },
        {
          id: 'date-00002',
          section: 'dates',
          module: null,
          content: 'Dated.',
          helpful: 0,
          harmful: 0,
        },
      ],
    };
    const result = applyReferenceAdds(
      playbook,
      [add('unknown', 'A.'), add('dates', 'B.'), add('general', 'C.'), add('Rules', 'D.')],
      [],
    );
    expect(renderPlaybook(result.playbook)).toBe(
      [
        '## rules',
        '[rule-00001] helpful=0 harmful=0 :: Old.',
        '[rule-00006] helpful=0 harmful=0 :: D.',
        '',
        '## dates',
        '[date-00002] helpful=0 harmful=0 :: Dated.',
        '[date-00004] helpful=0 harmful=0 :: B.',
        '[misc-00003] helpful=0 harmful=0 :: A.',
        '[gene-00005] helpful=0 harmful=0 :: C.',
      ].join('\n'),
    );
    expect(result.added).toEqual(['misc-00003', 'date-00004', 'gene-00005', 'rule-00006']);
    expect(result.applied.map((operation) => operation.fallbackSection)).toEqual([
      'dates',
      undefined,
      'dates',
      undefined,
    ]);
  });

  it('refuses a module the program lacks (Forge`s scoping) and counts other entries', () => {
    const playbook: Playbook = { sections: ['others'], nextId: 1, bullets: [] };
    const result = applyReferenceAdds(
      playbook,
      [
        { type: 'ADD', section: 'others', content: 'x', module: 'nope' },
        { type: 'INVALID', named: 'add', reason: 'unsupported-operation', detail: '' },
      ],
      ['answer'],
    );
    expect(result.playbook.bullets).toEqual([]);
    expect(result.rejected).toEqual([
      { index: 0, type: 'ADD', reason: 'unknown-module' },
      { index: 1, type: 'add', reason: 'unsupported-operation' },
    ]);
  });
});
