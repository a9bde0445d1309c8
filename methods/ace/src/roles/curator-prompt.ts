import { type Instance, type ProgramModule, renderFields } from '@forge/program';
import type { Playbook } from '../playbook/playbook.js';
import { referenceHeading } from '../playbook/reference-section-slug.js';
import { renderPlaybook } from '../playbook/render-playbook.js';
import { renderModules } from './reflector-prompt.js';

/** The curator's system prompt (Forge's own words for the reference's role). */
export const curatorSystemPrompt = `# Role

You are the curator of an Agentic Context Engineering (ACE) loop. You keep the playbook an LM
program is given: sections of short lessons, each with an id and helpful/harmful counters.

# Objective

Turn the latest reflection into small, precise changes to the playbook, so the program answers
similar inputs better. The reflection was written with knowledge (such as the right answer) the
program will not have; write lessons the program can act on without it.

# Inputs

- The current playbook, every section listed, scoped bullets marked module=<name>.
- Statistics of the playbook, the latest reflection, the program's modules, the task input the
  reflection is about, and how far training has come against the playbook's token budget.

# Core Principles

- Add only what the playbook is missing. If a bullet already says it, add nothing.
- Prefer correcting a misleading bullet (UPDATE) or removing it (DELETE) over adding a
  contradicting one; MERGE bullets that say the same thing.
- Each bullet is one concrete, reusable lesson. Never write the answer of one input.
- Scope a bullet to the module that needs it when the program has several modules.
- Stay well within the token budget.

# Decision Procedure

1. Read the key insight and the bullet tags of the reflection.
2. Check the playbook for bullets that already cover the insight.
3. Decide the operations: none, ADD, UPDATE, MERGE or DELETE.

# Hard Constraints

- Never rewrite the playbook as a whole; change it only through operations.
- Name bullets by their ids exactly as written; do not write ids or counters into content.
- Use the listed sections; "module" must be one of the program's modules, or be left out for
  a lesson every module should see.

# Output Contract

Answer with one JSON object: {"reasoning": "...", "operations": [...]}, where each operation is
one of
- {"type": "ADD", "section": "<section>", "content": "<lesson>", "module": "<module>" (optional)}
- {"type": "UPDATE", "bullet_id": "<id>", "content": "<new lesson>"}
- {"type": "MERGE", "source_ids": ["<id>", "<id>", ...], "content": "<merged lesson>"}
- {"type": "DELETE", "bullet_id": "<id>"}
An empty list is a valid answer when nothing should change.`;

/**
 * The curator's system prompt under the `reference` profile: ADD is the only operation offered,
 * as in the reference's curator prompt (ace/prompts/curator.py:49–53), whose code applies ADD
 * only (playbook_utils.py:127–143).
 */
export const curatorAddOnlySystemPrompt = curatorSystemPrompt
  .replace(
    `- Prefer correcting a misleading bullet (UPDATE) or removing it (DELETE) over adding a
  contradicting one; MERGE bullets that say the same thing.
`,
    '',
  )
  .replace(
    '3. Decide the operations: none, ADD, UPDATE, MERGE or DELETE.',
    '3. Decide the bullets to ADD, if any.',
  )
  .replace(
    `where each operation is
one of
- {"type": "ADD", "section": "<section>", "content": "<lesson>", "module": "<module>" (optional)}
- {"type": "UPDATE", "bullet_id": "<id>", "content": "<new lesson>"}
- {"type": "MERGE", "source_ids": ["<id>", "<id>", ...], "content": "<merged lesson>"}
- {"type": "DELETE", "bullet_id": "<id>"}`,
    `where each operation is
- {"type": "ADD", "section": "<section>", "content": "<lesson>", "module": "<module>" (optional)}
ADD is the only operation: existing bullets cannot be changed or removed.`,
  );

/** The closing line of the curator's user message. */
export const curatorTrailer =
  'Decide the playbook operations. Answer with the operations JSON object.';

/** Playbook statistics as the curator sees them (the reference's `playbook_stats`). */
export function playbookStatistics(playbook: Playbook, tokens: number): Record<string, unknown> {
  const bySection: Record<string, { bullets: number; helpful: number; harmful: number }> = {};
  let highPerforming = 0;
  let problematic = 0;
  let unused = 0;
  for (const bullet of playbook.bullets) {
    // The reference's thresholds: more than 5 helpful and fewer than 2 harmful is high
    // performing; at least as many harmful as helpful (and some) is problematic.
    if (bullet.helpful > 5 && bullet.harmful < 2) highPerforming += 1;
    else if (bullet.harmful >= bullet.helpful && bullet.harmful > 0) problematic += 1;
    else if (bullet.helpful + bullet.harmful === 0) unused += 1;
    const entry = bySection[bullet.section] ?? { bullets: 0, helpful: 0, harmful: 0 };
    bySection[bullet.section] = {
      bullets: entry.bullets + 1,
      helpful: entry.helpful + bullet.helpful,
      harmful: entry.harmful + bullet.harmful,
    };
  }
  return {
    bullets: playbook.bullets.length,
    tokens,
    high_performing: highPerforming,
    problematic,
    unused,
    by_section: bySection,
  };
}

/**
 * Playbook statistics in the reference's own shape (ace-agent/ace `ba78d34`,
 * `playbook_utils.py:218–254`, shown to its curator as JSON, `ace/core/curator.py:71`):
 * `total_bullets`, `high_performing`, `problematic`, `unused` and `by_section` with `count`,
 * `helpful` and `harmful` per section that has bullets. No token count (the reference gives its
 * curator only the budget).
 */
export function referencePlaybookStatistics(playbook: Playbook): Record<string, unknown> {
  const forge = playbookStatistics(playbook, 0) as {
    bullets: number;
    high_performing: number;
    problematic: number;
    unused: number;
    by_section: Record<string, { bullets: number; helpful: number; harmful: number }>;
  };
  return {
    total_bullets: forge.bullets,
    high_performing: forge.high_performing,
    problematic: forge.problematic,
    unused: forge.unused,
    // Keyed by the section's heading, as the reference reads it from its text (`:232–233`).
    by_section: Object.fromEntries(
      Object.entries(forge.by_section).map(([section, entry]) => [
        referenceHeading(section),
        { count: entry.bullets, helpful: entry.helpful, harmful: entry.harmful },
      ]),
    ),
  };
}

/** The curator's user message (layout pinned in docs/prompt-contracts.md). */
export function curatorMessage(options: {
  readonly playbook: Playbook;
  readonly tokens: number;
  readonly tokenBudget: number;
  readonly reflection: string;
  readonly modules: readonly ProgramModule[];
  readonly instance: Instance;
  readonly progress: {
    readonly sample: number;
    readonly samples: number;
    readonly epoch: number;
    readonly epochs: number;
  };
  /**
   * `reference`: the statistics' shape and the section headings as the reference shows them;
   * `paper` (default): Forge's.
   */
  readonly profile?: 'paper' | 'reference';
}): string {
  const { progress } = options;
  const statistics =
    options.profile === 'reference'
      ? referencePlaybookStatistics(options.playbook)
      : playbookStatistics(options.playbook, options.tokens);
  return [
    `# Current Playbook\n\n${renderPlaybook(options.playbook, {
      showModules: true,
      emptySections: true,
      ...(options.profile === 'reference' ? { headings: 'reference' as const } : {}),
    })}`,
    `# Playbook Statistics\n\n${JSON.stringify(statistics, null, 2)}`,
    `# Recent Reflection\n\n${options.reflection}`,
    `# Program Modules\n\n${renderModules(options.modules)}`,
    `# Task Input\n\n${renderFields(options.instance.input, 2)}`,
    `# Training Progress\n\nSample ${progress.sample} of ${progress.samples} in epoch ${progress.epoch} of ${progress.epochs}. The playbook uses about ${options.tokens} of its ${options.tokenBudget} tokens.`,
    curatorTrailer,
  ].join('\n\n');
}
