import { renderMiproTrialsChart } from '../charts/mipro-trials-chart.js';
import type { MiproReportDemonstration, MiproReportTrial } from '../data/mipro-report-details.js';
import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { renderPromptDiff } from '../primitives/prompt-diff.js';
import { renderExecution } from './minibatch-executions.js';

function row(label: string, value: string): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`;
}

function fields(values: Readonly<Record<string, unknown>>): string {
  const text = Object.entries(values)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
  return `<pre class="value-text">${escapeHtml(text)}</pre>`;
}

function demonstrationRow(demo: MiproReportDemonstration, index: number): string {
  return (
    `<tr><td class="number">${formatCount(index + 1)}</td><td>${escapeHtml(demo.instanceId ?? '—')}</td>` +
    `<td>${fields(demo.input)}</td><td>${fields(demo.output)}</td>` +
    `<td>${demo.reasoning === undefined ? '<span class="muted">—</span>' : `<pre class="value-text">${escapeHtml(demo.reasoning)}</pre>`}</td></tr>`
  );
}

/** Each minibatch trial's executions, instance by instance (output, feedback, trace). */
function renderTrialExecutions(trials: readonly MiproReportTrial[]): string {
  const kept = trials.filter((trial) => (trial.executions ?? []).length > 0);
  if (kept.length === 0) return '';
  const blocks = kept
    .map(
      (trial) =>
        `<details class="trial-executions" data-trial="${trial.trial}"><summary>Trial ${formatCount(trial.trial)} <span class="muted">mean ${formatScore(trial.score)} on ${formatCount(trial.executions?.length ?? 0)} instances</span></summary>` +
        (trial.executions ?? [])
          .map(
            (execution) =>
              `<details class="minibatch-execution" data-instance="${escapeHtml(execution.instanceId)}"><summary><code>${escapeHtml(execution.instanceId)}</code> <span class="muted">score ${formatScore(execution.score)}</span></summary>${renderExecution('Trial', execution)}</details>`,
          )
          .join('') +
        '</details>',
    )
    .join('');
  return `<details class="chart-details"><summary>Minibatch executions of every trial</summary>${blocks}</details>`;
}

/**
 * The MIPROv2 section: the plan and its estimate against what was spent, the trials, what the
 * proposals were grounded on, every instruction candidate (as a diff against the seed prompt),
 * the demo sets, and the best candidate's demonstrations.
 */
export function renderMiproSection(data: RunReportData): string {
  const details = data.mipro;
  if (details === undefined) return '';
  const plan = details.plan;
  const end = details.end;
  const planRows = [
    row(
      'Trials',
      plan === undefined
        ? 'not planned yet'
        : `${formatCount(details.trials.length)} of ${formatCount(plan.trials)} planned, ${plan.minibatch ? `on minibatches of ${formatCount(plan.minibatchSize)} with a full evaluation every ${formatCount(plan.fullEvalSteps)} and after the last` : 'each on the whole validation set'}`,
    ),
    ...(plan === undefined
      ? []
      : [
          row('Validation instances scored on', formatCount(plan.validationSize)),
          row(
            'Searched parameters',
            escapeHtml(
              plan.parameters
                .map((parameter) => `${parameter.name} (${parameter.choices})`)
                .join(', ') || 'none',
            ),
          ),
          row(
            'Evaluations: estimate (B.4) and spent',
            `estimated ${formatCount(plan.estimatedEvaluations)} of ${formatCount(plan.maxEvaluations)}; spent ${formatCount(data.summary.evaluationsUsed)}` +
              (end === undefined ? '' : ` (${formatCount(end.gap)} under the estimate)`),
          ),
        ]),
    ...(end === undefined
      ? []
      : [
          row('Full evaluations skipped', formatCount(end.fullEvaluationsSkipped)),
          row('Trials that reused a validation', formatCount(end.trialsReused)),
        ]),
    ...(details.bootstrap === undefined
      ? []
      : [
          row(
            'Bootstrapping',
            `${formatCount(details.bootstrap.runs)} seed runs on training instances, ${formatCount(details.bootstrap.passed)} passed` +
              (details.bootstrap.cutShort === undefined
                ? ''
                : ` (cut short: ${escapeHtml(details.bootstrap.cutShort)})`),
          ),
        ]),
    ...programErrorsRow(details),
    row('Demo sets', formatCount(details.demoSets.length)),
    row(
      'Instruction candidates',
      escapeHtml(
        Object.entries(details.instructions)
          .map(([module, list]) => `${module} ${list.length}`)
          .join(', ') || 'none yet',
      ) +
        (details.proposalNoOps > 0
          ? ` (${formatCount(details.proposalNoOps)} unusable proposal answers)`
          : ''),
    ),
  ];
  const grounds =
    `<h3>What the proposals were grounded on</h3>` +
    `<h4>Data summary</h4>${details.dataSummary === undefined ? '<p class="muted">None was written.</p>' : `<pre class="value-text">${escapeHtml(details.dataSummary)}</pre>`}` +
    `<h4>Program description</h4>${details.programDescription === undefined ? '<p class="muted">None was written.</p>' : `<pre class="value-text">${escapeHtml(details.programDescription)}</pre>`}`;
  const instructions = Object.entries(details.instructions)
    .map(([module, list]) => {
      const seed = list[0] ?? '';
      const items = list
        .map((instruction, index) => {
          if (index === 0) {
            return `<details class="prompt-full"><summary>Instruction 0 (the seed prompt)</summary><pre class="prompt-text">${escapeHtml(instruction)}</pre></details>`;
          }
          const diff = renderPromptDiff(seed, instruction);
          return (
            `<details class="prompt-full"><summary>Instruction ${index} <span class="muted">(+${formatCount(diff.counts.added)} / −${formatCount(diff.counts.removed)} tokens against the seed)</span></summary>` +
            `${diff.markup}</details>`
          );
        })
        .join('');
      const chosen = details.bestSelection[module]?.instruction;
      const note =
        chosen === undefined
          ? ''
          : ` <span class="muted">the best candidate uses instruction ${formatCount(chosen)}</span>`;
      return `<h4><code>${escapeHtml(module)}</code>${note}</h4>${items}`;
    })
    .join('');
  const modules = Object.keys(details.instructions);
  const demoSetRows = details.demoSets
    .map(
      (set) =>
        `<tr><td class="number">${formatCount(set.index)}</td><td>${escapeHtml(set.kind)}</td>` +
        modules
          .map((module) => {
            const ids = set.modules[module] ?? [];
            const bootstrapped = set.bootstrapped[module] ?? 0;
            const text = ids
              .map((id, index) => `${id ?? '?'}${index < bootstrapped ? '' : ' (labelled)'}`)
              .join(', ');
            const used =
              details.bestSelection[module]?.demoSet === set.index
                ? ' <span class="tag tag-accepted">best</span>'
                : '';
            return `<td>${escapeHtml(text || '—')}${used}</td>`;
          })
          .join('') +
        '</tr>',
    )
    .join('');
  const demoSets =
    '<h3>Demo sets</h3>' +
    (details.demoSets.length === 0
      ? '<p class="muted">Bootstrapping has not finished.</p>'
      : `<table class="data-table"><thead><tr><th>set</th><th>kind</th>${modules.map((module) => `<th><code>${escapeHtml(module)}</code></th>`).join('')}</tr></thead><tbody>${demoSetRows}</tbody></table>`);
  const trialRows = details.trials
    .map(
      (trial) =>
        `<tr><td class="number">${formatCount(trial.trial)}</td>` +
        modules
          .map((module) => {
            const choice = trial.selection[module];
            return `<td>${choice === undefined ? '—' : `instruction ${choice.instruction} · demo set ${choice.demoSet}`}</td>`;
          })
          .join('') +
        `<td class="number">${formatScore(trial.score)}</td><td>${escapeHtml(trial.scoredOn)}</td></tr>`,
    )
    .join('');
  const trials =
    details.trials.length === 0
      ? ''
      : `<details class="chart-details"><summary>Every trial</summary><table class="data-table"><thead><tr><th>trial</th>${modules.map((module) => `<th><code>${escapeHtml(module)}</code></th>`).join('')}<th>score</th><th>scored on</th></tr></thead><tbody>${trialRows}</tbody></table></details>` +
        renderTrialExecutions(details.trials);
  const bestDemos = Object.entries(details.bestDemos);
  const demos =
    `<h3>Demonstrations of the best candidate (#${formatCount(data.summary.bestCandidate)})</h3>` +
    (bestDemos.length === 0
      ? '<p class="muted">The best candidate shows no demonstrations (zero-shot).</p>'
      : bestDemos
          .map(
            ([module, list]) =>
              `<h4><code>${escapeHtml(module)}</code></h4><table class="data-table"><thead><tr><th>#</th><th>from</th><th>input</th><th>output</th><th>reasoning</th></tr></thead><tbody>${list.map(demonstrationRow).join('')}</tbody></table>`,
          )
          .join(''));
  return (
    '<section id="mipro" aria-labelledby="mipro-heading"><h2 id="mipro-heading">MIPROv2</h2>' +
    '<p class="section-note">How MIPROv2 planned its trials under the ceiling, what TPE tried, and the instructions and demo sets it chose from.</p>' +
    `<table class="summary-table"><tbody>${planRows.join('')}</tbody></table>` +
    renderMiproTrialsChart(data) +
    trials +
    demos +
    grounds +
    `<h3>Instruction candidates</h3>${instructions || '<p class="muted">None yet.</p>'}` +
    demoSets +
    '</section>'
  );
}

/**
 * Program runs that raised, when any did: scored 0 in the seed evaluation and the search (the
 * `reference` profile goes on, as DSPy does), counted as failed while bootstrapping.
 */
function programErrorsRow(details: NonNullable<RunReportData['mipro']>): string[] {
  const search = details.end?.programErrors ?? 0;
  const bootstrap = details.bootstrap?.errors ?? 0;
  if (search === 0 && bootstrap === 0) return [];
  return [
    row(
      'Program runs that raised',
      `${formatCount(search)} in the seed evaluation and the search, each scored 0; ${formatCount(bootstrap)} while bootstrapping`,
    ),
  ];
}
