import { readSections, withoutTrailer } from './read-sections.js';

/** The closing instruction of ACE's reflector message (`@forge/method-ace`). */
export const aceReflectionPromptTrailer =
  'Diagnose this attempt and tag the playbook bullets it used. Answer with the reflection JSON object.';

const headings = [
  '# Playbook Bullets Used',
  '# Program Modules',
  '# Task Input',
  '# Program Trace',
  '# Program Output',
  '# Ground Truth',
  '# Evaluation Feedback',
] as const;

/** ACE's reflector request, read back into its parts (each section as text, undefined when absent). */
export interface AceReflectionPrompt {
  /** `# Playbook Bullets Used`: one rendered bullet a line (see `readPlaybookBullets`). */
  readonly bulletsUsed: string | undefined;
  /** `# Task Input`: `renderFields(input, 2)`. */
  readonly taskInput: string | undefined;
  /** `# Ground Truth` (absent when the method does not show it). */
  readonly groundTruth: string | undefined;
  /** `# Evaluation Feedback`'s `## Score`; undefined when it shows none. */
  readonly score: number | undefined;
  /** `## Overall` feedback; undefined when absent. */
  readonly overallFeedback: string | undefined;
  /** Each `` ## Module `name` `` feedback by module, in order. */
  readonly moduleFeedback: ReadonlyMap<string, string>;
}

/** True when a user message is ACE's reflector request. */
export function isAceReflectionPrompt(user: string): boolean {
  return user.startsWith('# Playbook Bullets Used\n') && user.includes('\n# Evaluation Feedback\n');
}

/** Reads ACE's reflector request. */
export function readAceReflectionPrompt(user: string): AceReflectionPrompt {
  const sections = readSections(withoutTrailer(user, aceReflectionPromptTrailer), headings);
  const feedback = sections.get('# Evaluation Feedback') ?? '';
  const score = /## Score\n\n([\d.]+)/.exec(feedback)?.[1];
  const moduleFeedback = new Map<string, string>();
  for (const match of feedback.matchAll(/## Module `([^`]+)`\n\n([\s\S]*?)(?=\n## |$)/g)) {
    moduleFeedback.set(match[1] as string, (match[2] as string).trim());
  }
  const overall = /## Overall\n\n([\s\S]*?)(?=\n## |$)/.exec(feedback)?.[1];
  return {
    bulletsUsed: sections.get('# Playbook Bullets Used'),
    taskInput: sections.get('# Task Input'),
    groundTruth: sections.get('# Ground Truth'),
    score: score === undefined ? undefined : Number(score),
    overallFeedback: overall?.trim(),
    moduleFeedback,
  };
}
