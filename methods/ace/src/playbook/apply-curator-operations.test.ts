import { describe, expect, it } from 'vitest';
import { applyCuratorOperations } from './apply-curator-operations.js';
import type { Playbook } from './playbook.js';

const modules = ['read', 'answer'];
const start: Playbook = {
  sections: ['rules', 'mistakes', 'others'],
  nextId: 3,
  bullets: [
    {
      id: 'rule-00001',
      section: 'rules',
      module: null,
      content: 'Old rule.',
      helpful: 2,
      harmful: 1,
    },
    {
      id: 'mist-00002',
      section: 'mistakes',
      module: 'read',
      content: 'Old mistake.',
      helpful: 1,
      harmful: 0,
    },
  ],
};

describe('applyCuratorOperations', () => {
  it('ADD files a fresh bullet with zero counters at the end of its section, ids never reused', () => {
    const result = applyCuratorOperations(
      start,
      [
        { type: 'ADD', section: 'rules', content: 'New rule.', module: 'answer' },
        { type: 'DELETE', bulletId: 'rule-00001' },
        { type: 'ADD', section: 'rules', content: 'Another rule.', module: null },
      ],
      modules,
    );
    expect(result.playbook.bullets.map((bullet) => bullet.id)).toEqual([
      'mist-00002',
      'rule-00003',
      'rule-00004',
    ]);
    expect(result.playbook.bullets[1]).toEqual({
      id: 'rule-00003',
      section: 'rules',
      module: 'answer',
      content: 'New rule.',
      helpful: 0,
      harmful: 0,
    });
    expect(result.playbook.nextId).toBe(5);
    expect(result.added).toEqual(['rule-00003', 'rule-00004']);
    expect(result.rejected).toEqual([]);
  });

  it('ADD to a section the playbook lacks goes to others, as in the reference', () => {
    const result = applyCuratorOperations(
      start,
      [{ type: 'ADD', section: 'formulas', content: 'A formula.', module: null }],
      modules,
    );
    expect(result.playbook.bullets.at(-1)).toMatchObject({ id: 'othe-00003', section: 'others' });
    expect(result.applied).toEqual([
      { index: 0, type: 'ADD', bulletId: 'othe-00003', fallbackSection: 'others' },
    ]);
  });

  it('UPDATE rewrites content only: id, section, scope and counters stay', () => {
    const result = applyCuratorOperations(
      start,
      [{ type: 'UPDATE', bulletId: 'mist-00002', content: 'Sharper mistake.' }],
      modules,
    );
    expect(result.playbook.bullets[1]).toEqual({
      ...start.bullets[1],
      content: 'Sharper mistake.',
    });
    expect(result.playbook.bullets[0]).toBe(start.bullets[0]);
    expect(result.touched).toEqual(['mist-00002']);
  });

  it('MERGE keeps the first bullet with summed counters and removes the others', () => {
    const result = applyCuratorOperations(
      start,
      [{ type: 'MERGE', sourceIds: ['rule-00001', 'mist-00002'], content: 'Combined.' }],
      modules,
    );
    expect(result.playbook.bullets).toEqual([
      {
        id: 'rule-00001',
        section: 'rules',
        module: null,
        content: 'Combined.',
        helpful: 3,
        harmful: 1,
      },
    ]);
    expect(result.applied).toEqual([
      { index: 0, type: 'MERGE', bulletId: 'rule-00001', mergedIds: ['mist-00002'] },
    ]);
  });

  it('rejects, with reasons, what it cannot apply, and leaves the playbook as it was', () => {
    const result = applyCuratorOperations(
      start,
      [
        { type: 'UPDATE', bulletId: 'rule-99999', content: 'x' },
        { type: 'DELETE', bulletId: 'rule-99999' },
        { type: 'MERGE', sourceIds: ['rule-00001'], content: undefined },
        { type: 'MERGE', sourceIds: ['rule-00001', 'nope-00001'], content: undefined },
        { type: 'ADD', section: 'rules', content: '   ', module: null },
        { type: 'ADD', section: 'rules', content: 'x', module: 'summarise' },
        { type: 'INVALID', named: 'CREATE_META', reason: 'unsupported-operation', detail: '' },
      ],
      modules,
    );
    expect(result.rejected.map((rejection) => [rejection.type, rejection.reason])).toEqual([
      ['UPDATE', 'unknown-bullet'],
      ['DELETE', 'unknown-bullet'],
      ['MERGE', 'too-few-bullets'],
      ['MERGE', 'unknown-bullet'],
      ['ADD', 'empty-content'],
      ['ADD', 'unknown-module'],
      ['CREATE_META', 'unsupported-operation'],
    ]);
    expect(result.playbook).toEqual(start);
  });

  it('sees earlier operations of the same delta: a deleted bullet cannot be updated', () => {
    const result = applyCuratorOperations(
      start,
      [
        { type: 'DELETE', bulletId: 'rule-00001' },
        { type: 'UPDATE', bulletId: 'rule-00001', content: 'Too late.' },
      ],
      modules,
    );
    expect(result.rejected).toEqual([{ index: 1, type: 'UPDATE', reason: 'unknown-bullet' }]);
  });

  it('drops a copied id-and-counters prefix and keeps one line of content', () => {
    const result = applyCuratorOperations(
      start,
      [
        {
          type: 'ADD',
          section: 'rules',
          content: '[rule-00263] helpful=1 harmful=0 :: Check\n the  units.',
          module: null,
        },
      ],
      modules,
    );
    expect(result.playbook.bullets.at(-1)?.content).toBe('Check the units.');
  });
});
