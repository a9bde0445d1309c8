import { describe, expect, it } from 'vitest';
import { applyBulletTags } from './apply-bullet-tags.js';
import type { Playbook } from './playbook.js';

const playbook: Playbook = {
  sections: ['rules'],
  nextId: 3,
  bullets: [
    { id: 'rule-00001', section: 'rules', module: null, content: 'A.', helpful: 1, harmful: 0 },
    { id: 'rule-00002', section: 'rules', module: null, content: 'B.', helpful: 0, harmful: 0 },
  ],
};

describe('applyBulletTags', () => {
  it('moves the helpful and harmful counters and nothing else', () => {
    const result = applyBulletTags(playbook, [
      { id: 'rule-00001', tag: 'helpful' },
      { id: 'rule-00002', tag: 'harmful' },
    ]);
    expect(result.playbook.bullets.map((bullet) => [bullet.helpful, bullet.harmful])).toEqual([
      [2, 0],
      [0, 1],
    ]);
    expect(result.playbook.bullets[0]?.content).toBe('A.');
    expect(result.counts).toEqual({ helpful: 1, harmful: 1, neutral: 0, unknown: 0 });
  });

  it('counts neutral and unknown tags without changing the playbook; a repeated id counts once', () => {
    const result = applyBulletTags(playbook, [
      { id: 'rule-00001', tag: 'neutral' },
      { id: 'rule-00009', tag: 'helpful' },
      { id: 'rule-00002', tag: 'helpful' },
      { id: 'rule-00002', tag: 'neutral' },
    ]);
    expect(result.playbook).toBe(playbook);
    expect(result.counts).toEqual({ helpful: 0, harmful: 0, neutral: 2, unknown: 1 });
  });
});
