import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';

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

/** The best candidate's prompt for every module beside the seed's, escaped. */
export function renderPromptsSection(data: RunReportData): string {
  const modules = promptModules(data.seedPrompts, data.bestPrompts);
  const best = data.summary.bestCandidate;
  const items = modules.map((module) => {
    const seed = data.seedPrompts[module];
    const optimized = data.bestPrompts[module];
    const changed = seed !== optimized;
    return (
      `<details class="prompt" open><summary><code>${escapeHtml(module)}</code> ` +
      `<span class="${changed ? 'tag tag-changed' : 'tag'}">${changed ? 'rewritten' : 'unchanged'}</span></summary>` +
      '<div class="prompt-pair">' +
      promptBlock(`Best candidate (#${best})`, optimized) +
      promptBlock('Seed candidate (#0)', seed) +
      '</div></details>'
    );
  });
  const content =
    items.length > 0
      ? items.join('')
      : '<p class="muted">No prompts were recorded for this run.</p>';
  return (
    '<section class="prompts" aria-labelledby="prompts-heading">' +
    '<h2 id="prompts-heading">Prompts</h2>' +
    `<p class="section-note">The best candidate's prompt for each module, beside the seed's for comparison.</p>${content}</section>`
  );
}
