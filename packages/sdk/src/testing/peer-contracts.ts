import {
  miproPromptKindOf,
  readAceCurationPrompt,
  readAceReflectionPrompt,
  readGepaReflectionPrompt,
  readMiproModuleDescriptionPrompt,
  readMiproProgramDescriptionPrompt,
  readMiproProposalPrompt,
  readMiproSummaryPrompt,
  readPlaybookSections,
} from '@forge/program';
import { lessons, type ScriptedReflection } from './forge-contracts.js';
import { appendRules, distinctSentences, normalise } from './read-contract-text.js';

// Default answers to the peer methods' contracts (GEPA, ACE, MIPROv2; docs/prompt-contracts.md),
// generic in the program: they read only the contracts' fixed headings and phrases.

/** Reads GEPA's reflection request: the current instruction (first fence), the examples' feedback. */
export function readGepaReflection(user: string): ScriptedReflection {
  const { currentPrompt, feedback } = readGepaReflectionPrompt(user);
  return { currentPrompt, feedback: distinctSentences(lessons(feedback)) };
}

/** A GEPA answer: the new instruction inside one fence wider than any backtick run in it. */
export function gepaAnswer(prompt: string): string {
  const longest = Math.max(2, ...[...prompt.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${prompt}\n${fence}`;
}

/** The default ACE reflection: the feedback sentences as the key insight, bullets left untagged. */
export function defaultAceReflect(user: string): string {
  const { overallFeedback, moduleFeedback } = readAceReflectionPrompt(user);
  const sentences = distinctSentences([
    ...(overallFeedback === undefined ? [] : [overallFeedback]),
    ...moduleFeedback.values(),
  ]);
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
  const { playbook, keyInsight } = readAceCurationPrompt(user);
  const insight = keyInsight ?? '';
  const section = readPlaybookSections(playbook)[0] ?? 'others';
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
  const kind = miproPromptKindOf(user);
  return kind === undefined ? undefined : `mipro-${kind}`;
}

/** The default MIPROv2 answers: plain descriptions, and the seed instruction with the tip. */
export function defaultMipro(contract: MiproContract, user: string): string {
  switch (contract) {
    case 'mipro-observe':
      return user.startsWith('# Prior Observations\n')
        ? '<observations>COMPLETE</observations>'
        : '<observations>The examples share one input and output format.</observations>';
    case 'mipro-summarize':
      return `<summary>${readMiproSummaryPrompt(user).observations || 'Examples of one task.'}</summary>`;
    case 'mipro-describe-program': {
      const { modules } = readMiproProgramDescriptionPrompt(user);
      return `<program_description>A program of the modules ${modules.join(', ')}, run in order on each instance.</program_description>`;
    }
    case 'mipro-describe-module': {
      const module = readMiproModuleDescriptionPrompt(user).module ?? 'module';
      return `<module_description>The module ${module} does one step of the program.</module_description>`;
    }
    case 'mipro-propose': {
      const { basicInstruction, tip } = readMiproProposalPrompt(user);
      const basic = basicInstruction ?? '';
      const prompt = tip === undefined ? basic : appendRules(basic, [tip]);
      return `<proposed_instruction>\n${prompt}\n</proposed_instruction>`;
    }
  }
}
