import type { Prompts } from '@forge/program';
import type { Playbook } from './playbook.js';
import { renderPlaybook } from './render-playbook.js';

const playbookIntro =
  'Lessons curated from earlier attempts at this task. Apply the ones that fit the input. ' +
  'The counters say how often a lesson helped or misled before.';

/**
 * The candidate a playbook stands for: each module keeps its seed prompt and gets, after it, a
 * `# Playbook` section with the bullets it is shown (unscoped ones and its own). A module shown
 * no bullet keeps its seed prompt unchanged, so the empty playbook is exactly the seed. During
 * reflect-and-regenerate rounds the latest reflection follows, as the reference's generator gets it.
 */
export function playbookPrompts(options: {
  readonly seedPrompts: Prompts;
  readonly modules: readonly string[];
  readonly playbook: Playbook;
  readonly reflection?: string;
  /** Section headings: names (default) or the reference's (`profile: reference`). */
  readonly headings?: 'names' | 'reference';
}): Prompts {
  const prompts: Record<string, string> = {};
  for (const module of options.modules) {
    const parts = [options.seedPrompts[module] ?? ''];
    const rendered = renderPlaybook(options.playbook, {
      module,
      ...(options.headings === undefined ? {} : { headings: options.headings }),
    });
    if (rendered !== '') parts.push(`# Playbook\n\n${playbookIntro}\n\n${rendered}`);
    if (options.reflection !== undefined && options.reflection !== '') {
      parts.push(
        `# Reflection on Your Previous Attempt\n\n${options.reflection}\n\nUse it to answer this input again.`,
      );
    }
    prompts[module] = parts.join('\n\n');
  }
  return prompts;
}
