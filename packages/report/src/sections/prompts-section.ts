import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount } from '../primitives/format-value.js';
import { renderPromptDiff } from '../primitives/prompt-diff.js';

/** Modules in the seed's order, then any the best candidate has that the seed lacks. */
export function promptModules(
  seedPrompts: Readonly<Record<string, string>>,
  bestPrompts: Readonly<Record<string, string>>,
): string[] {
  const modules = Object.keys(seedPrompts);
  for (const module of Object.keys(bestPrompts))
    if (!modules.includes(module)) modules.push(module);
  return modules;
}

function promptBlock(heading: string, prompt: string | undefined): string {
  const body =
    prompt === undefined
      ? '<p class="muted">No prompt recorded.</p>'
      : `<pre class="prompt-text">${escapeHtml(prompt)}</pre>`;
  return `<div class="prompt-column"><h4>${escapeHtml(heading)}</h4>${body}</div>`;
}

/** Per module: the best candidate's prompt as a diff against the seed's, then both in full. */
export function renderPromptsSection(data: RunReportData): string {
  const modules = promptModules(data.seedPrompts, data.bestPrompts);
  const best = data.summary.bestCandidate;
  const items = modules.map((module) => {
    const seed = data.seedPrompts[module];
    const optimized = data.bestPrompts[module];
    const changed = seed !== optimized;
    const diff =
      seed === undefined || optimized === undefined
        ? ''
        : (() => {
            const rendered = renderPromptDiff(seed, optimized);
            return (
              `<h4>Best candidate (#${best}) against the seed <span class="muted">(+${formatCount(rendered.counts.added)} / ` +
              `−${formatCount(rendered.counts.removed)} tokens)</span></h4>${rendered.markup}`
            );
          })();
    return (
      `<details class="prompt" id="prompt-${escapeHtml(module)}" data-module="${escapeHtml(module)}" data-open-default open><summary><code>${escapeHtml(module)}</code> ` +
      `<span class="${changed ? 'tag tag-changed' : 'tag'}">${changed ? 'rewritten' : 'unchanged'}</span></summary>` +
      diff +
      '<details class="prompt-full"><summary>Both prompts in full</summary><div class="prompt-pair">' +
      promptBlock(`Best candidate (#${best})`, optimized) +
      promptBlock('Seed candidate (#0)', seed) +
      '</div></details></details>'
    );
  });
  const content =
    items.length > 0
      ? items.join('')
      : '<p class="muted">No prompts were recorded for this run.</p>';
  return (
    '<section class="prompts" id="prompts" aria-labelledby="prompts-heading">' +
    '<h2 id="prompts-heading">Prompts</h2>' +
    '<p class="section-note">For each module, the best candidate\'s prompt as a diff against the seed\'s: ' +
    `added text is marked, removed text struck through.</p>${content}</section>`
  );
}
