import { describe, expect, it } from 'vitest';
import { enforceTokenBudget } from './enforce-token-budget.js';
import type { Bullet, Playbook } from './playbook.js';
import { playbookTokens } from './render-playbook.js';

const bullet = (id: string, helpful: number, harmful: number): Bullet => ({
  id,
  section: 'rules',
  module: null,
  content: `Advice number ${id} with some words to take room.`,
  helpful,
  harmful,
});
const playbookOf = (...bullets: Bullet[]): Playbook => ({
  sections: ['rules'],
  bullets,
  nextId: 9,
});

describe('enforceTokenBudget', () => {
  const full = playbookOf(
    bullet('rule-00001', 5, 0),
    bullet('rule-00002', 1, 1),
    bullet('rule-00003', 0, 2),
    bullet('rule-00004', 0, 0),
    bullet('rule-00005', 0, 0),
  );
  const tokensOf = (...ids: string[]) =>
    playbookTokens({ ...full, bullets: full.bullets.filter((item) => ids.includes(item.id)) });

  it('changes nothing within budget', () => {
    const result = enforceTokenBudget(full, {
      tokenBudget: playbookTokens(full),
      protectedIds: [],
      addedIds: [],
    });
    expect(result).toEqual({ playbook: full, evicted: [], dropped: [], withinBudget: true });
  });

  it('evicts the lowest-value older bullets first, never the delta`s own, until it fits', () => {
    const result = enforceTokenBudget(full, {
      tokenBudget: tokensOf('rule-00001', 'rule-00004', 'rule-00005'),
      protectedIds: ['rule-00005'],
      addedIds: ['rule-00005'],
    });
    // Net value: 00003 is −2, then 00002 and 00004 are 0 — 00002 has a harmful tag, so it goes
    // before the untagged 00004.
    expect(result.evicted).toEqual(['rule-00003', 'rule-00002']);
    expect(result.dropped).toEqual([]);
    expect(result.withinBudget).toBe(true);
    expect(result.playbook.bullets.map((item) => item.id)).toEqual([
      'rule-00001',
      'rule-00004',
      'rule-00005',
    ]);
  });

  it('breaks ties of equal value by age: the older bullet goes first', () => {
    const pair = playbookOf(bullet('rule-00004', 0, 0), bullet('rule-00005', 0, 0));
    const result = enforceTokenBudget(pair, {
      tokenBudget: tokensOf('rule-00005'),
      protectedIds: [],
      addedIds: [],
    });
    expect(result.evicted).toEqual(['rule-00004']);
  });

  it('drops the delta`s newest additions when evicting everything else is not enough', () => {
    const result = enforceTokenBudget(full, {
      tokenBudget: tokensOf('rule-00001'),
      protectedIds: ['rule-00001', 'rule-00004', 'rule-00005'],
      addedIds: ['rule-00004', 'rule-00005'],
    });
    expect(result.evicted).toEqual(['rule-00003', 'rule-00002']);
    expect(result.dropped).toEqual(['rule-00005', 'rule-00004']);
    expect(result.playbook.bullets.map((item) => item.id)).toEqual(['rule-00001']);
    expect(result.withinBudget).toBe(true);
  });

  it('reports a playbook that cannot fit', () => {
    const result = enforceTokenBudget(full, {
      tokenBudget: 3,
      protectedIds: ['rule-00001'],
      addedIds: [],
    });
    expect(result.withinBudget).toBe(false);
    expect(result.playbook.bullets.map((item) => item.id)).toEqual(['rule-00001']);
  });
});
