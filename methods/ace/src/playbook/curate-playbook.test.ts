import { describe, expect, it } from 'vitest';
import { curatePlaybook, type RefineOptions } from './curate-playbook.js';
import type { Playbook } from './playbook.js';
import { playbookTokens } from './render-playbook.js';

const start: Playbook = {
  sections: ['rules', 'others'],
  nextId: 2,
  bullets: [
    {
      id: 'rule-00001',
      section: 'rules',
      module: null,
      content: 'Numeric dates are written day-first.',
      helpful: 2,
      harmful: 0,
    },
  ],
};
const options: RefineOptions = {
  modules: ['main'],
  dedup: 'proactive',
  dedupThreshold: 0.8,
  tokenBudget: 80_000,
};
const restatement = {
  type: 'ADD' as const,
  section: 'others',
  content: 'Confirmed: numeric dates are written day-first.',
  module: null,
};

describe('curatePlaybook', () => {
  it('proactive: a restated bullet is folded into the original right after the delta', () => {
    const effect = curatePlaybook(start, [restatement], options);
    expect(effect.applied).toHaveLength(1);
    expect(effect.merges).toEqual([
      { kept: 'rule-00001', removed: 'othe-00002', similarity: 4 / 5 },
    ]);
    expect(effect.playbook.bullets).toEqual(start.bullets);
    expect(effect.playbook.nextId).toBe(3);
    expect(effect.changed).toBe(false);
  });

  it('lazy: duplicates stay while within budget and are folded once the budget is exceeded', () => {
    const within = curatePlaybook(start, [restatement], { ...options, dedup: 'lazy' });
    expect(within.merges).toEqual([]);
    expect(within.playbook.bullets).toHaveLength(2);
    expect(within.changed).toBe(true);

    const over = curatePlaybook(start, [restatement], {
      ...options,
      dedup: 'lazy',
      tokenBudget: playbookTokens(start),
    });
    expect(over.merges).toHaveLength(1);
    expect(over.evicted).toEqual([]);
    expect(over.playbook.bullets).toEqual(start.bullets);
  });

  it('off: keeps duplicates', () => {
    expect(
      curatePlaybook(start, [restatement], { ...options, dedup: 'off' }).playbook.bullets,
    ).toHaveLength(2);
  });

  it('never leaves the playbook over its token budget', () => {
    const operations = Array.from({ length: 8 }, (_, index) => ({
      type: 'ADD' as const,
      section: 'rules',
      content: `Distinct lesson ${index} about topic ${index * 7} and nothing else.`,
      module: null,
    }));
    const tokenBudget = playbookTokens(start) + 40;
    const effect = curatePlaybook(start, operations, { ...options, tokenBudget });
    expect(playbookTokens(effect.playbook)).toBeLessThanOrEqual(tokenBudget);
    // The delta's own bullets are protected from eviction, so the old bullet goes first.
    expect(effect.evicted).toEqual(['rule-00001']);
    expect(effect.dropped.length).toBeGreaterThan(0);
    expect(effect.reverted).toBe(false);
  });

  it('undoes a delta whose rewrites alone cannot fit', () => {
    const effect = curatePlaybook(
      start,
      [{ type: 'UPDATE', bulletId: 'rule-00001', content: 'x '.repeat(400) }],
      { ...options, tokenBudget: playbookTokens(start) + 10 },
    );
    expect(effect.reverted).toBe(true);
    expect(effect.playbook).toBe(start);
    expect(effect.changed).toBe(false);
  });
});
