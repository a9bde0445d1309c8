import {
  type EvaluatedExecution,
  type ProgramModule,
  renderFields,
  renderTrace,
} from '@forge/program';
import type { Bullet } from '../playbook/playbook.js';
import { renderBulletLine } from '../playbook/render-playbook.js';

/** The reflector's system prompt (Forge's own words for the reference's role). */
export const reflectorSystemPrompt = `# Role

You are the reflector of an Agentic Context Engineering (ACE) loop. An LM program answers task
inputs with the help of a playbook: a list of short lessons, each with an id. You study one of
its attempts.

# Objective

Explain why the attempt turned out as it did, state the lesson that would make the next attempt
at similar inputs right, and judge every playbook bullet the program was shown.

# Inputs

- The playbook bullets the program was shown, with their ids, counters and (for programs of
  several modules) the module that sees each.
- The program's modules, its task input, its trace (one section per module invocation, in
  order) and its output.
- The ground truth, when it is given, and the evaluator's score and feedback.

# Core Principles

- Find the root cause in the trace, not the symptom in the output.
- Lessons must carry over to other inputs: conventions, checks, procedures, pitfalls. Never
  state the answer of this input as a lesson.
- When the program has several modules, say which module a lesson is for.
- A bullet is helpful when following it moved the attempt toward the right answer, harmful when
  it misled the attempt, and neutral otherwise.

# Decision Procedure

1. Compare the output with the ground truth or the feedback and name what went wrong (or, for a
   correct attempt, what made it work).
2. Trace the error back to the step and module where it arose, and to the missing or wrong
   knowledge behind it.
3. Write the correct approach and the one key insight to remember.
4. Tag each bullet shown.

# Hard Constraints

- Tag only bullets listed under "Playbook Bullets Used", with their ids exactly as written.
- Do not copy the ground-truth answer into the key insight.

# Output Contract

Answer with one JSON object with the string fields "reasoning", "error_identification",
"root_cause_analysis", "correct_approach" and "key_insight", and "bullet_tags": a list of
{"id": "<bullet id>", "tag": "helpful" | "harmful" | "neutral"}.`;

/** The closing line of the reflector's user message. */
export const reflectorTrailer =
  'Diagnose this attempt and tag the playbook bullets it used. Answer with the reflection JSON object.';

/**
 * The reflector's user message (layout pinned in docs/prompt-contracts.md): the bullets shown,
 * the modules, the input, trace and output of the attempt, the ground truth (unless withheld)
 * and the evaluator's feedback, overall and per module.
 */
export function reflectorMessage(options: {
  readonly bulletsShown: readonly Bullet[];
  readonly modules: readonly ProgramModule[];
  readonly evaluated: EvaluatedExecution;
  readonly useGroundTruth: boolean;
}): string {
  const { evaluated } = options;
  const several = options.modules.length > 1;
  const bullets =
    options.bulletsShown.length === 0
      ? '(none: the playbook showed this program no bullets)'
      : options.bulletsShown
          .map((bullet) => renderBulletLine(bullet, { showModule: several }))
          .join('\n');
  const output = evaluated.execution.output;
  const feedback = [`## Score\n\n${evaluated.evaluation.score}`];
  if (evaluated.evaluation.feedback !== undefined && evaluated.evaluation.feedback !== '') {
    feedback.push(`## Overall\n\n${evaluated.evaluation.feedback}`);
  }
  for (const module of options.modules) {
    const text = evaluated.evaluation.moduleFeedback?.[module.name];
    if (text !== undefined && text !== '') feedback.push(`## Module \`${module.name}\`\n\n${text}`);
  }
  const sections = [
    `# Playbook Bullets Used\n\n${bullets}`,
    `# Program Modules\n\n${renderModules(options.modules)}`,
    `# Task Input\n\n${renderFields(evaluated.instance.input, 2)}`,
    `# Program Trace\n\n${renderTrace(evaluated.execution.trace, { level: 2 })}`,
    `# Program Output\n\n${Object.keys(output).length > 0 ? renderFields(output, 2) : '(no output)'}`,
  ];
  if (options.useGroundTruth)
    sections.push(`# Ground Truth\n\n${renderFields(evaluated.instance.gold, 2)}`);
  sections.push(`# Evaluation Feedback\n\n${feedback.join('\n\n')}`, reflectorTrailer);
  return sections.join('\n\n');
}

/** The program's modules as a list: name and, when known, what it does. */
export function renderModules(modules: readonly ProgramModule[]): string {
  return modules
    .map((module) => `- \`${module.name}\`${module.description ? `: ${module.description}` : ''}`)
    .join('\n');
}
