import { describe, expect, it } from 'vitest';
import {
  aceCurationPromptTrailer,
  isAceCurationPrompt,
  readAceCurationPrompt,
} from './read-ace-curation-prompt.js';
import {
  aceReflectionPromptTrailer,
  isAceReflectionPrompt,
  readAceReflectionPrompt,
} from './read-ace-reflection-prompt.js';
import { readPlaybookBullets, readPlaybookSections } from './read-playbook-bullets.js';

// The layouts of method-ace's reflector and curator (docs/prompt-contracts.md, "ACE").
const reflection = (feedback: string) =>
  `# Playbook Bullets Used\n\n[ins-1] helpful=2 harmful=0 :: Dotted dates are day first.\n[fmt-2] helpful=0 harmful=1 module=format :: Years are four digits.\n\n# Program Modules\n\n- \`interpret\`: reads the date\n- \`format\`\n\n# Task Input\n\n## text\nDue 03.04.21.\n\n# Program Trace\n\n## Invocation 1: module \`interpret\`\n\n# Evaluation Feedback\n\nnot the real section\n\n# Program Output\n\n## date\n2021-03-04\n\n# Ground Truth\n\n## date\n2021-04-03\n\n# Evaluation Feedback\n\n${feedback}\n\n${aceReflectionPromptTrailer}`;

describe('readAceReflectionPrompt', () => {
  it('reads the bullets, the input, the score and the feedback by module', () => {
    const user = reflection(
      '## Score\n\n0.5\n\n## Overall\n\nWrong date.\n\n## Module `interpret`\n\nDay and month swapped.\n\n## Module `format`\n\nYear fine.',
    );
    expect(isAceReflectionPrompt(user)).toBe(true);
    const read = readAceReflectionPrompt(user);
    expect(readPlaybookBullets(read.bulletsUsed ?? '')).toEqual([
      {
        id: 'ins-1',
        helpful: 2,
        harmful: 0,
        module: null,
        content: 'Dotted dates are day first.',
        section: null,
      },
      {
        id: 'fmt-2',
        helpful: 0,
        harmful: 1,
        module: 'format',
        content: 'Years are four digits.',
        section: null,
      },
    ]);
    expect(read.taskInput).toBe('## text\nDue 03.04.21.');
    expect(read.groundTruth).toBe('## date\n2021-04-03');
    expect(read.score).toBe(0.5);
    expect(read.overallFeedback).toBe('Wrong date.');
    expect([...read.moduleFeedback]).toEqual([
      ['interpret', 'Day and month swapped.'],
      ['format', 'Year fine.'],
    ]);
  });

  it('reads feedback without modules or score', () => {
    const read = readAceReflectionPrompt(reflection('## Overall\n\nWrong date.'));
    expect(read).toMatchObject({ score: undefined, overallFeedback: 'Wrong date.' });
    expect(read.moduleFeedback.size).toBe(0);
  });
});

describe('readAceCurationPrompt', () => {
  it('reads the playbook, the reflection and its key insight', () => {
    const playbook =
      '## strategies_and_insights\n\n[s-1] helpful=1 harmful=0 :: Dotted dates are day first.\n\n## others\n\n(empty)';
    const recent =
      '## Error Identification\n\nSwapped.\n\n## Key Insight\n\n- Two-digit years are 20xx.\n\n## Bullet Tags\n\n- [s-1] helpful';
    const user = `# Current Playbook\n\n${playbook}\n\n# Playbook Statistics\n\n{}\n\n# Recent Reflection\n\n${recent}\n\n# Program Modules\n\n- \`format\`\n\n# Task Input\n\n## text\nx\n\n# Training Progress\n\nSample 1 of 2 in epoch 1 of 1.\n\n${aceCurationPromptTrailer}`;
    expect(isAceCurationPrompt(user)).toBe(true);
    const read = readAceCurationPrompt(user);
    expect(read.playbook).toBe(playbook);
    expect(read.reflection).toBe(recent);
    expect(read.keyInsight).toBe('- Two-digit years are 20xx.');
    expect(readPlaybookSections(read.playbook)).toEqual(['strategies_and_insights', 'others']);
    expect(readPlaybookBullets(read.playbook)[0]?.section).toBe('strategies_and_insights');
    expect(readPlaybookSections('## STRATEGIES & INSIGHTS\n\n(empty)')).toEqual([
      'STRATEGIES & INSIGHTS',
    ]);
  });

  it('has no key insight when the reflection is the raw answer', () => {
    const user = `# Current Playbook\n\n(empty)\n\n# Recent Reflection\n\n{"key_insight": "x"}\n\n${aceCurationPromptTrailer}`;
    expect(readAceCurationPrompt(user)).toMatchObject({
      keyInsight: undefined,
      reflection: '{"key_insight": "x"}',
    });
  });
});
