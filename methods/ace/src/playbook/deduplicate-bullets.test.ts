import { describe, expect, it } from 'vitest';
import { deduplicateBullets } from './deduplicate-bullets.js';
import type { Bullet, Playbook } from './playbook.js';

const bullet = (id: string, content: string, extra: Partial<Bullet> = {}): Bullet => ({
  id,
  section: 'rules',
  module: null,
  content,
  helpful: 0,
  harmful: 0,
  ...extra,
});
const playbookOf = (...bullets: Bullet[]): Playbook => ({
  sections: ['rules', 'others'],
  bullets,
  nextId: 10,
});

describe('deduplicateBullets', () => {
  it('folds a later near-duplicate into the older bullet, summing the counters', () => {
    const result = deduplicateBullets(
      playbookOf(
        bullet('rule-00001', 'Numeric dates are written day-first.', { helpful: 3, harmful: 1 }),
        bullet('rule-00002', 'Check the year.'),
        bullet('othe-00003', 'Confirmed: numeric dates are written day-first.', {
          section: 'others',
          helpful: 1,
        }),
      ),
      0.8,
    );
    expect(result.playbook.bullets).toEqual([
      bullet('rule-00001', 'Numeric dates are written day-first.', { helpful: 4, harmful: 1 }),
      bullet('rule-00002', 'Check the year.'),
    ]);
    expect(result.merges).toEqual([
      { kept: 'rule-00001', removed: 'othe-00003', similarity: 4 / 5 },
    ]);
  });

  it('keeps bullets below the threshold, and the same text scoped to different modules', () => {
    const playbook = playbookOf(
      bullet('rule-00001', 'Numeric dates are written day-first.'),
      bullet('rule-00002', 'Numeric dates are written month-first.'),
      bullet('rule-00003', 'Numeric dates are written day-first.', { module: 'read' }),
    );
    const result = deduplicateBullets(playbook, 0.8);
    expect(result.merges).toEqual([]);
    expect(result.playbook).toBe(playbook);
  });

  it('merges a chain into the first bullet it matches, deterministically', () => {
    const result = deduplicateBullets(
      playbookOf(
        bullet('rule-00001', 'Ignore ticket numbers.'),
        bullet('rule-00002', 'Ignore ticket numbers!', { helpful: 2 }),
        bullet('rule-00003', 'ignore TICKET numbers', { harmful: 1 }),
      ),
      0.8,
    );
    expect(result.playbook.bullets).toEqual([
      bullet('rule-00001', 'Ignore ticket numbers.', { helpful: 2, harmful: 1 }),
    ]);
    expect(result.merges.map((merge) => merge.removed)).toEqual(['rule-00002', 'rule-00003']);
  });
});
