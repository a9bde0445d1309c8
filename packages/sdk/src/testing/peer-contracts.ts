import type { ScriptedReflection } from './forge-contracts.js';
import {
  appendRules,
  distinctSentences,
  feedbackTexts,
  normalise,
  sectionText,
} from './read-contract-text.js';

// Default answers to the peer methods' contracts (GEPA, ACE, MIPROv2; docs/prompt-contracts.md),
// generic in the program: they read only the contracts' fixed headings and phrases.

/** The first line of GEPA's default reflection template. */
export const gepaOpening = 'An assistant works on a task by following the instruction below.';

/** Reads GEPA's reflection request: the current instruction (first fence), the examples' feedback. */
export function readGepaReflection(user: string): ScriptedReflection {
  const blocks = [...user.matchAll(/^(`{3,})\n([\s\S]*?)\n\1$/gm)].map((match) => match[2] ?? '');
  return {
    currentPrompt: (blocks[0] ?? '').trim(),
    feedback: distinctSentences(feedbackTexts(blocks[1] ?? '')),
  };
}

/** A GEPA answer: the new instruction inside one fence wider than any backtick run in it. */
export function gepaAnswer(prompt: string): string {
  const longest = Math.max(2, ...[...prompt.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${prompt}\n${fence}`;
}

/** The default ACE reflection: the feedback sentences as the key insight, bullets left untagged. */
export function defaultAceReflect(user: string): string {
  // `## Score` then its number, `## Overall` and `## Module \`m\`` with the feedback.
  const feedback = (sectionText(user, '# Evaluation Feedback') ?? '')
    .replace(/^## Score\n\n\S*$/m, '')
    .split('\n')
    .filter((line) => !line.startsWith('## '))
    .join('\n');
  const sentences = distinctSentences([feedback]);
  const insight = sentences.map((sentence) => `- ${sentence}`).join('\n');
  return JSON.stringify({
    reasoning: 'The scripted reflector restates the feedback as lessons.',
    error_identification: sentences[0] ?? 'No feedback was given.',
    root_cause_analysis: 'The prompt does not state these lessons.',
    correct_approach: sentences.join(' ') || 'Keep the current approach.',
    key_insight: insight,
    bullet_tags: [],
  });
}

/**
 * The default ACE curation: ADD each key-insight line of the recent reflection that the playbook
 * does not already hold, to the playbook's first section.
 */
export function defaultAceCurate(user: string): string {
  const playbook = sectionText(user, '# Current Playbook') ?? '';
  const reflection = sectionText(user, '# Recent Reflection') ?? '';
  const insight = sectionText(reflection, '## Key Insight') ?? '';
  const section = /^## (.+)$/m.exec(playbook)?.[1]?.trim() ?? 'others';
  const known = normalise(playbook);
  const operations = insight
    .split('\n')
    .map((line) => line.replace(/^- /, '').trim())
    .filter((line) => line !== '' && !known.includes(normalise(line)))
    .map((content) => ({ type: 'ADD', section, content }));
  return JSON.stringify({
    reasoning: 'The scripted curator adds the lessons the playbook lacks.',
    operations,
  });
}

/** Which MIPROv2 proposal-stage request a user message is, if any. */
export type MiproContract =
  | 'mipro-observe'
  | 'mipro-summarize'
  | 'mipro-describe-program'
  | 'mipro-describe-module'
  | 'mipro-propose';

/** Recognises MIPROv2's proposal-stage requests by their opening headings. */
export function miproContractOf(user: string): MiproContract | undefined {
  if (user.startsWith('# Dataset Examples\n') || user.startsWith('# Prior Observations\n'))
    return 'mipro-observe';
  if (user.startsWith('# Observations\n')) return 'mipro-summarize';
  if (user.startsWith('# Program\n') && user.includes('\n# Example Run\n'))
    return 'mipro-describe-program';
  if (user.startsWith('# Program\n') && user.includes('\n# Module\n'))
    return 'mipro-describe-module';
  if (user.startsWith('# Dataset Summary\n') || user.includes('\n# Basic Instruction\n'))
    return 'mipro-propose';
  return undefined;
}

/** The default MIPROv2 answers: plain descriptions, and the seed instruction with the tip. */
export function defaultMipro(contract: MiproContract, user: string): string {
  switch (contract) {
    case 'mipro-observe':
      return user.startsWith('# Prior Observations\n')
        ? '<observations>COMPLETE</observations>'
        : '<observations>The examples share one input and output format.</observations>';
    case 'mipro-summarize':
      return `<summary>${sectionText(user, '# Observations') ?? 'Examples of one task.'}</summary>`;
    case 'mipro-describe-program': {
      const modules = [...user.matchAll(/^### \d+\. `([^`]+)`$/gm)].map((match) => match[1]);
      return `<program_description>A program of the modules ${modules.join(', ')}, run in order on each instance.</program_description>`;
    }
    case 'mipro-describe-module': {
      const module = /`([^`]+)`/.exec(sectionText(user, '# Module') ?? '')?.[1] ?? 'module';
      return `<module_description>The module ${module} does one step of the program.</module_description>`;
    }
    case 'mipro-propose': {
      const basic = sectionText(user, '# Basic Instruction') ?? '';
      const tip = sectionText(user, '# Tip') ?? '(none)';
      const prompt = tip === '(none)' ? basic : appendRules(basic, [tip]);
      return `<proposed_instruction>\n${prompt}\n</proposed_instruction>`;
    }
  }
}
