import { describe, expect, it } from 'vitest';
import { bulletId, createPlaybook, isVisibleTo, playbookTotals } from './playbook.js';

describe('playbook', () => {
  it('starts empty, numbering from 1', () => {
    expect(createPlaybook(['rules', 'others'])).toEqual({
      sections: ['rules', 'others'],
      bullets: [],
      nextId: 1,
    });
  });

  it('names ids by section slug and a five-digit number', () => {
    expect(bulletId('strategies_and_insights', 1)).toBe('stra-00001');
    expect(bulletId('others', 123)).toBe('othe-00123');
  });

  it('sums the counters', () => {
    const bullet = { section: 'rules', module: null, content: 'x' };
    expect(
      playbookTotals({
        sections: ['rules'],
        nextId: 3,
        bullets: [
          { ...bullet, id: 'rule-00001', helpful: 2, harmful: 1 },
          { ...bullet, id: 'rule-00002', helpful: 3, harmful: 0 },
        ],
      }),
    ).toEqual({ bullets: 2, helpful: 5, harmful: 1 });
  });

  it('shows an unscoped bullet to every module and a scoped one to its module only', () => {
    const base = { id: 'rule-00001', section: 'rules', content: 'x', helpful: 0, harmful: 0 };
    expect(isVisibleTo({ ...base, module: null }, 'format')).toBe(true);
    expect(isVisibleTo({ ...base, module: 'interpret' }, 'format')).toBe(false);
    expect(isVisibleTo({ ...base, module: 'interpret' }, 'interpret')).toBe(true);
  });
});
