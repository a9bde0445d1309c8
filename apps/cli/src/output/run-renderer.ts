import { terminalSafe } from '@forge/provider';
import type { ForgeEvent } from '@forge/sdk';
import { createLogUpdate } from 'log-update';
import { endpointEventLine, endpointStatusLines } from './endpoint-lines.js';
import { formatProgress } from './progress-line.js';
import { colors, type OutputMode, percent, type Terminal } from './terminal.js';

/** Renders a run's events and the notices around them. */
export interface RunRenderer {
  /** The listener to pass to `optimize` as `onEvent`. */
  onEvent(event: ForgeEvent): void;
  /** A line that must stay on screen (the Ctrl-C notice), written above the progress display. */
  notice(text: string): void;
  /** Clears the progress display; call once when the run is over. */
  finish(): void;
}

/** The command that evaluates a stopped run's test split later. */
export function testSplitCommand(runDir: string): string {
  return `forge eval --run ${runDir} --split test`;
}

// Redrawing on every evaluation would flood a slow terminal; ten frames a second read as live.
const redrawEveryMs = 100;

/**
 * Renders the events of a run: one JSON object per line (`--json`), a progress display that
 * redraws in place on a terminal (one row, fitted to its width, with lines that stay written
 * above it), or plain lines otherwise.
 */
export function createRunRenderer(
  terminal: Terminal,
  mode: OutputMode,
  options: { readonly now?: () => number } = {},
): RunRenderer {
  const color = colors(mode, terminal.environment);
  const now = options.now ?? Date.now;
  const status = mode === 'tty' ? createLogUpdate(terminal.err) : undefined;
  let shown = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  const progress = {
    evaluationsUsed: 0,
    maxEvaluations: 0,
    steps: 0,
    candidates: 1,
    bestScore: 0,
    activity: undefined as string | undefined,
  };
  let synthesis: { event: number; planned: number; done: number } | undefined;
  let retries = 0;

  const draw = (force = false) => {
    if (status === undefined) return;
    const time = now();
    if (!force && time - lastDraw < redrawEveryMs) return;
    lastDraw = time;
    status(formatProgress(progress, terminal.err.columns ?? 80, color));
    shown = true;
  };
  const line = (text: string) => {
    if (status !== undefined && shown) {
      status.persist(text);
      shown = false;
      draw(true);
      return;
    }
    terminal.err.write(`${text}\n`);
    if (status !== undefined) draw(true);
  };
  const clear = () => {
    if (status !== undefined && shown) {
      status.clear();
      status.done();
    }
    shown = false;
  };

  const onEvent = (event: ForgeEvent) => {
    if (mode === 'json') {
      terminal.out.write(`${JSON.stringify(event)}\n`);
      return;
    }
    switch (event.type) {
      case 'run-prepared':
        line(
          `${color.bold('forge')} ${event.resumed ? 'resuming' : 'starting'} ${event.title} (${event.variant}) in ${event.runDir}\n` +
            `  task model ${event.models['task']}${moduleModelsText(event.models)}, optimizer ${event.models['reflect']}; train ${event.sizes.train}, validation ${event.sizes.validation}, test ${event.sizes.test}` +
            (event.simulated
              ? `\n  ${color.yellow('simulated models: these numbers say nothing about real models')}`
              : '') +
            (event.unpricedModels.length > 0
              ? `\n  ${color.yellow(`no price for ${event.unpricedModels.join(', ')}: its cost shows as unpriced`)} ` +
                `(give one with --price ${event.unpricedModels[0]}=<input>/<output>, USD per million tokens)`
              : ''),
        );
        return;
      case 'run-start':
        progress.maxEvaluations = event.maxEvaluations;
        progress.evaluationsUsed = event.evaluationsUsed;
        progress.steps = event.step;
        draw(true);
        return;
      case 'evaluation-end':
        progress.evaluationsUsed += 1;
        draw();
        return;
      case 'candidate-validated':
        progress.candidates = Math.max(progress.candidates, event.candidate + 1);
        if (event.improved) progress.bestScore = event.score;
        progress.evaluationsUsed = event.evaluationsUsed;
        // A candidate without a parent is not always the seed: MIPROv2's combinations have none.
        line(
          event.candidate === 0
            ? `seed candidate: validation ${percent(event.score)}`
            : `candidate ${event.candidate}${event.parent === null ? '' : ` (from ${event.parent})`}: validation ${percent(event.score)}${event.improved ? color.green(' new best') : ''}`,
        );
        return;
      case 'step-end':
        progress.steps = event.step + 1;
        progress.evaluationsUsed = event.evaluationsUsed;
        progress.bestScore = event.bestScore;
        if (mode === 'plain' && (event.step + 1) % 10 === 0) {
          line(
            `step ${event.step + 1}: ${event.evaluationsUsed}/${progress.maxEvaluations} evaluations, best ${percent(event.bestScore)}`,
          );
        }
        draw(true);
        return;
      case 'synthesis-start':
        synthesis = { event: event.event, planned: event.attempts, done: 0 };
        progress.activity = `synthesis event ${event.event}: 0/${event.attempts} attempts`;
        line(
          `synthesis event ${event.event}: ${event.attempts} attempts over ${event.modes.length} failure mode(s)` +
            (event.modes.length > 0
              ? `: ${event.modes.map((mode) => `${mode.name} (${mode.support} failures, ${mode.attempts} attempts)`).join(', ')}`
              : ''),
        );
        return;
      case 'attempt-end':
        if (synthesis !== undefined) {
          synthesis.done += 1;
          progress.activity = `synthesis event ${synthesis.event}: ${synthesis.done}/${synthesis.planned} attempts`;
        }
        draw();
        return;
      case 'synthesis-end': {
        synthesis = undefined;
        progress.activity = undefined;
        const outcomes = Object.entries(event.outcomes)
          .filter(([, count]) => count > 0)
          .map(([outcome, count]) => `${outcome} ${count}`)
          .join(', ');
        line(
          `synthesis event ${event.event}: admitted ${event.admitted}/${event.attempts} (${outcomes}); training set now ${event.trainingSize}`,
        );
        return;
      }
      case 'warning':
        line(`${color.yellow('warning:')} ${terminalSafe(event.message)}`);
        return;
      case 'endpoint-down':
      case 'endpoint-up':
      case 'endpoint-probe-failed': {
        const text = endpointEventLine(event);
        if (text !== undefined) line(event.type === 'endpoint-down' ? color.yellow(text) : text);
        return;
      }
      case 'endpoint-status':
        for (const text of endpointStatusLines(event)) line(text);
        return;
      case 'test-skipped':
        line(
          `test split not evaluated: the run was stopped, so nothing more is spent. Evaluate it with: ${testSplitCommand(event.runDir)}`,
        );
        return;
      case 'method-note':
        // A method's own facts (a merge tried, a reflection without a usable answer), as the
        // contract defines them: "worth showing".
        line(color.dim(`  ${terminalSafe(event.message)}`));
        return;
      case 'test-evaluated':
        line(
          `test split, ${event.label} candidate ${event.candidate}: ${percent(event.score)}${event.repeats > 1 ? ` (mean of ${event.repeats} runs)` : ''}`,
        );
        return;
      case 'call-retried': {
        retries += 1;
        const failure =
          event.statusCode === undefined ? event.errorKind : `HTTP ${event.statusCode}`;
        if (mode === 'plain') {
          line(
            `retry: ${event.role ?? 'a'} call to ${event.provider}:${event.model} failed (${failure}); attempt ${event.attempt + 1} in ${Math.round(event.delayMs)} ms`,
          );
        } else if (synthesis === undefined) {
          progress.activity = `${retries} ${retries === 1 ? 'retry' : 'retries'} (last: ${failure})`;
          draw();
        }
        return;
      }
      case 'backup-failed':
        line(
          `${color.yellow('backup failed')} (the previous one is kept): ${terminalSafe(event.message)}`,
        );
        return;
      case 'run-end':
        clear();
        return;
      default:
        return;
    }
  };
  return {
    onEvent,
    notice: (text) => {
      if (mode === 'json') terminal.err.write(`${text}\n`);
      else line(text);
    },
    finish: clear,
  };
}

/** The modules with a task model of their own, as ` (module on model, …)`; empty when none. */
function moduleModelsText(models: Readonly<Record<string, string>>): string {
  const modules = Object.entries(models)
    .filter(([role]) => role.startsWith('task.'))
    .map(([role, model]) => `${role.slice('task.'.length)} on ${model}`);
  return modules.length === 0 ? '' : ` (${modules.join(', ')})`;
}
