import { describe, expect, it } from 'vitest';
import type { Playbook } from './playbook.js';
import { playbookPrompts } from './playbook-prompts.js';
import {
  estimateTokens,
  playbookTokens,
  renderBulletLine,
  renderPlaybook,
} from './render-playbook.js';

const playbook: Playbook = {
  sections: ['rules', 'mistakes', 'others'],
  nextId: 4,
  bullets: [
    {
      id: 'rule-00001',
      section: 'rules',
      module: null,
      content: 'Shared rule.',
      helpful: 2,
      harmful: 0,
    },
    {
      id: 'mist-00002',
      section: 'mistakes',
      module: 'read',
      content: 'Read mistake.',
      helpful: 0,
      harmful: 1,
    },
    {
      id: 'rule-00003',
      section: 'rules',
      module: 'answer',
      content: 'Answer rule.',
      helpful: 0,
      harmful: 0,
    },
  ],
};

describe('renderPlaybook', () => {
  it('writes bullets in the reference line format', () => {
    expect(renderBulletLine(playbook.bullets[1]!)).toBe(
      '[mist-00002] helpful=0 harmful=1 :: Read mistake.',
    );
    expect(renderBulletLine(playbook.bullets[1]!, { showModule: true })).toBe(
      '[mist-00002] helpful=0 harmful=1 module=read :: Read mistake.',
    );
  });

  it('groups bullets by section in section order, keeping insertion order inside a section', () => {
    expect(renderPlaybook(playbook)).toBe(
      [
        '## rules',
        '[rule-00001] helpful=2 harmful=0 :: Shared rule.',
        '[rule-00003] helpful=0 harmful=0 :: Answer rule.',
        '',
        '## mistakes',
        '[mist-00002] helpful=0 harmful=1 :: Read mistake.',
      ].join('\n'),
    );
  });

  it('shows a module only unscoped bullets and its own, and the curator every section', () => {
    expect(renderPlaybook(playbook, { module: 'read' })).toBe(
      '## rules\n[rule-00001] helpful=2 harmful=0 :: Shared rule.\n\n## mistakes\n[mist-00002] helpful=0 harmful=1 :: Read mistake.',
    );
    expect(renderPlaybook(playbook, { showModules: true, emptySections: true })).toContain(
      '## others\n(empty)',
    );
  });

  it('estimates four characters per token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
    expect(playbookTokens(playbook)).toBe(
      estimateTokens(renderPlaybook(playbook, { showModules: true })),
    );
  });
});

describe('playbookPrompts', () => {
  const seedPrompts = { read: 'Read seed.', answer: 'Answer seed.' };
  const modules = ['read', 'answer'];

  it('keeps every seed prompt as it is for the empty playbook', () => {
    expect(
      playbookPrompts({ seedPrompts, modules, playbook: { ...playbook, bullets: [] } }),
    ).toEqual(seedPrompts);
  });

  it("appends each module's bullets after its seed prompt, and the reflection when given", () => {
    const prompts = playbookPrompts({ seedPrompts, modules, playbook, reflection: 'Look again.' });
    expect(prompts['read']).toMatch(/^Read seed\.\n\n# Playbook\n\n/);
    expect(prompts['read']).toContain('Read mistake.');
    expect(prompts['read']).not.toContain('Answer rule.');
    expect(prompts['answer']).toContain('Answer rule.');
    expect(prompts['answer']).toContain('Shared rule.');
    expect(prompts['answer']).toMatch(
      /# Reflection on Your Previous Attempt\n\nLook again\.\n\nUse it to answer this input again\.$/,
    );
  });
});
