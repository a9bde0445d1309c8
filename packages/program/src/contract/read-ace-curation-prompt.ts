import { readSections, withoutTrailer } from './read-sections.js';

/** The closing instruction of ACE's curator message (`@forge/method-ace`). */
export const aceCurationPromptTrailer =
  'Decide the playbook operations. Answer with the operations JSON object.';

const headings = [
  '# Current Playbook',
  '# Playbook Statistics',
  '# Recent Reflection',
  '# Program Modules',
  '# Task Input',
  '# Training Progress',
] as const;

/** ACE's curator request, read back into its parts (each section as text). */
export interface AceCurationPrompt {
  /** `# Current Playbook`: `## section` headings with their rendered bullets. */
  readonly playbook: string;
  /** `# Recent Reflection`: re-rendered sections, the raw answer, or "(empty)". */
  readonly reflection: string;
  /** The reflection's `## Key Insight` section when it is rendered as sections, else undefined. */
  readonly keyInsight: string | undefined;
}

/** True when a user message is ACE's curator request. */
export function isAceCurationPrompt(user: string): boolean {
  return user.startsWith('# Current Playbook\n') && user.includes('\n# Recent Reflection\n');
}

/** Reads ACE's curator request. */
export function readAceCurationPrompt(user: string): AceCurationPrompt {
  const sections = readSections(withoutTrailer(user, aceCurationPromptTrailer), headings);
  const reflection = sections.get('# Recent Reflection') ?? '';
  return {
    playbook: sections.get('# Current Playbook') ?? '',
    reflection,
    keyInsight: /## Key Insight\n\n([\s\S]*?)(?=\n## |$)/.exec(reflection)?.[1]?.trim(),
  };
}
