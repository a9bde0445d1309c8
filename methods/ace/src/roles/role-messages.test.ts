import type { EvaluatedExecution } from '@forge/program';
import { describe, expect, it } from 'vitest';
import type { Playbook } from '../playbook/playbook.js';
import { curatorMessage, playbookStatistics } from './curator-prompt.js';
import { reflectorMessage } from './reflector-prompt.js';

const modules = [
  { name: 'read', seedPrompt: 'r', description: 'Reads.' },
  { name: 'answer', seedPrompt: 'a' },
];
const playbook: Playbook = {
  sections: ['rules', 'others'],
  nextId: 3,
  bullets: [
    {
      id: 'rule-00001',
      section: 'rules',
      module: 'read',
      content: 'Read twice.',
      helpful: 6,
      harmful: 1,
    },
    {
      id: 'rule-00002',
      section: 'rules',
      module: null,
      content: 'Be exact.',
      helpful: 1,
      harmful: 1,
    },
  ],
};
const evaluated: EvaluatedExecution = {
  instance: { id: 'i1', input: { question: 'Q?' }, gold: { answer: 'A' } },
  execution: {
    output: { answer: 'B' },
    trace: [
      {
        module: 'answer',
        messages: [
          { role: 'user', content: 'Q?' },
          { role: 'assistant', content: 'B' },
        ],
      },
    ],
  },
  evaluation: { score: 0, feedback: 'wrong', moduleFeedback: { answer: 'said B' } },
};

describe('the reflector message', () => {
  it('has the pinned layout', () => {
    expect(
      reflectorMessage({
        bulletsShown: playbook.bullets,
        modules,
        evaluated,
        useGroundTruth: true,
      }),
    ).toBe(
      [
        '# Playbook Bullets Used',
        '',
        '[rule-00001] helpful=6 harmful=1 module=read :: Read twice.',
        '[rule-00002] helpful=1 harmful=1 :: Be exact.',
        '',
        '# Program Modules',
        '',
        '- `read`: Reads.',
        '- `answer`',
        '',
        '# Task Input',
        '',
        '## question',
        'Q?',
        '',
        '# Program Trace',
        '',
        '## Invocation 1: module `answer`',
        '',
        '**user**',
        '',
        'Q?',
        '',
        '**assistant**',
        '',
        'B',
        '',
        '# Program Output',
        '',
        '## answer',
        'B',
        '',
        '# Ground Truth',
        '',
        '## answer',
        'A',
        '',
        '# Evaluation Feedback',
        '',
        '## Score',
        '',
        '0',
        '',
        '## Overall',
        '',
        'wrong',
        '',
        '## Module `answer`',
        '',
        'said B',
        '',
        'Diagnose this attempt and tag the playbook bullets it used. Answer with the reflection JSON object.',
      ].join('\n'),
    );
  });

  it('says when no bullet was shown', () => {
    expect(
      reflectorMessage({ bulletsShown: [], modules, evaluated, useGroundTruth: false }),
    ).toMatch(
      /^# Playbook Bullets Used\n\n\(none: the playbook showed this program no bullets\)\n/,
    );
  });
});

describe('the curator message', () => {
  it('lists every section, the statistics, the reflection, modules, input and progress', () => {
    const message = curatorMessage({
      playbook,
      tokens: 30,
      tokenBudget: 1000,
      reflection: '## Key Insight\n\nBe exact.',
      modules,
      instance: evaluated.instance,
      progress: { sample: 2, samples: 10, epoch: 1, epochs: 3 },
    });
    expect(
      message.startsWith(
        '# Current Playbook\n\n## rules\n[rule-00001] helpful=6 harmful=1 module=read :: Read twice.\n[rule-00002] helpful=1 harmful=1 :: Be exact.\n\n## others\n(empty)\n\n# Playbook Statistics\n\n{',
      ),
    ).toBe(true);
    expect(message).toContain(
      '# Recent Reflection\n\n## Key Insight\n\nBe exact.\n\n# Program Modules\n\n- `read`: Reads.\n- `answer`\n\n# Task Input\n\n## question\nQ?',
    );
    expect(message).toContain(
      '# Training Progress\n\nSample 2 of 10 in epoch 1 of 3. The playbook uses about 30 of its 1000 tokens.',
    );
    expect(
      message.endsWith('Decide the playbook operations. Answer with the operations JSON object.'),
    ).toBe(true);
  });

  it('computes the reference`s playbook statistics', () => {
    expect(playbookStatistics(playbook, 30)).toEqual({
      bullets: 2,
      tokens: 30,
      high_performing: 1,
      problematic: 1,
      unused: 0,
      by_section: { rules: { bullets: 2, helpful: 7, harmful: 2 } },
    });
  });
});
