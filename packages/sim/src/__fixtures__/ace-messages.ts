// Test helpers: ACE's reflector and curator user messages laid out as docs/prompt-contracts.md
// pins them (the sim cannot import @forge/method-ace, which depends on it).
import { type EvaluatedExecution, type ProgramModule, renderFields, renderTrace } from '@forge/program';

export interface TestBullet {
  readonly id: string;
  readonly helpful: number;
  readonly harmful: number;
  readonly module: string | null;
  readonly content: string;
  readonly section?: string;
}

const line = (bullet: TestBullet) =>
  `[${bullet.id}] helpful=${bullet.helpful} harmful=${bullet.harmful}${bullet.module === null ? '' : ` module=${bullet.module}`} :: ${bullet.content}`;

export function aceReflectorMessage(options: {
  readonly bullets: readonly TestBullet[];
  readonly modules: readonly ProgramModule[];
  readonly evaluated: EvaluatedExecution;
}): string {
  const { evaluated } = options;
  const feedback = [`## Score\n\n${evaluated.evaluation.score}`];
  if (evaluated.evaluation.feedback) feedback.push(`## Overall\n\n${evaluated.evaluation.feedback}`);
  for (const module of options.modules) {
    const text = evaluated.evaluation.moduleFeedback?.[module.name];
    if (text) feedback.push(`## Module \`${module.name}\`\n\n${text}`);
  }
  return [
    `# Playbook Bullets Used\n\n${options.bullets.length === 0 ? '(none: the playbook showed this program no bullets)' : options.bullets.map(line).join('\n')}`,
    `# Program Modules\n\n${options.modules.map((module) => `- \`${module.name}\`${module.description ? `: ${module.description}` : ''}`).join('\n')}`,
    `# Task Input\n\n${renderFields(evaluated.instance.input, 2)}`,
    `# Program Trace\n\n${renderTrace(evaluated.execution.trace, { level: 2 })}`,
    `# Program Output\n\n${renderFields(evaluated.execution.output, 2)}`,
    `# Ground Truth\n\n${renderFields(evaluated.instance.gold, 2)}`,
    `# Evaluation Feedback\n\n${feedback.join('\n\n')}`,
    'Diagnose this attempt and tag the playbook bullets it used. Answer with the reflection JSON object.',
  ].join('\n\n');
}

export function aceCuratorMessage(options: {
  readonly sections: readonly string[];
  readonly bullets: readonly TestBullet[];
  readonly reflection: string;
}): string {
  const playbook = options.sections
    .map((section) => {
      const lines = options.bullets.filter((bullet) => (bullet.section ?? options.sections[0]) === section).map(line);
      return `## ${section}\n${lines.length > 0 ? lines.join('\n') : '(empty)'}`;
    })
    .join('\n\n');
  return [
    `# Current Playbook\n\n${playbook}`,
    `# Playbook Statistics\n\n{\n  "bullets": ${options.bullets.length}\n}`,
    `# Recent Reflection\n\n${options.reflection}`,
    '# Program Modules\n\n- `interpret`\n- `format`',
    '# Task Input\n\n## text\nInvoice dated 03.04.2021.',
    '# Training Progress\n\nSample 1 of 30 in epoch 1 of 5. The playbook uses about 10 of its 80000 tokens.',
    'Decide the playbook operations. Answer with the operations JSON object.',
  ].join('\n\n');
}

/** A reflection as ACE renders it for the curator. */
export function renderedReflection(keyInsight: string, tags: readonly { id: string; tag: string }[]): string {
  return `## Error Identification\n\nSomething.\n\n## Key Insight\n\n${keyInsight}\n\n## Bullet Tags\n\n${tags.length === 0 ? '(none)' : tags.map((tag) => `- [${tag.id}] ${tag.tag}`).join('\n')}`;
}
