import type { ForgeEvent } from '@forge/sdk';
import { colors, type OutputMode, percent, type Terminal } from './terminal.js';

/**
 * Renders the events of a run: one JSON object per line (`--json`), a live status line on a
 * terminal, or plain lines otherwise. Returns the listener to pass as `onEvent`, and `finish` to
 * clear the status line.
 */
export function createRunRenderer(terminal: Terminal, mode: OutputMode) {
  const color = colors(mode, terminal.environment);
  let status = '';
  let maxEvaluations = 0;
  let evaluationsUsed = 0;
  let best = 0;
  let step = 0;
  let candidates = 1;
  const clearStatus = () => {
    if (mode === 'tty' && status !== '') terminal.err.write('\r\u001b[2K');
    status = '';
  };
  const line = (text: string) => {
    clearStatus();
    terminal.err.write(`${text}\n`);
  };
  const drawStatus = () => {
    if (mode !== 'tty') return;
    const width = 24;
    const filled =
      maxEvaluations === 0
        ? 0
        : Math.min(width, Math.round((evaluationsUsed / maxEvaluations) * width));
    status = `${color.cyan('█'.repeat(filled))}${color.dim('░'.repeat(width - filled))} ${evaluationsUsed}/${maxEvaluations} evaluations · step ${step} · ${candidates} candidates · best ${percent(best)}`;
    terminal.err.write(`\r\u001b[2K${status}`);
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
            `  task model ${event.models['task']}, optimizer ${event.models['reflect']}; train ${event.sizes.train}, validation ${event.sizes.validation}, test ${event.sizes.test}` +
            (event.simulated
              ? `\n  ${color.yellow('simulated models: these numbers say nothing about real models')}`
              : ''),
        );
        return;
      case 'run-start':
        maxEvaluations = event.maxEvaluations;
        evaluationsUsed = event.evaluationsUsed;
        step = event.step;
        drawStatus();
        return;
      case 'evaluation-end':
        evaluationsUsed += 1;
        drawStatus();
        return;
      case 'candidate-validated':
        candidates = Math.max(candidates, event.candidate + 1);
        if (event.improved) best = event.score;
        evaluationsUsed = event.evaluationsUsed;
        line(
          event.parent === null
            ? `seed candidate: validation ${percent(event.score)}`
            : `candidate ${event.candidate} (from ${event.parent}): validation ${percent(event.score)}${event.improved ? color.green(' new best') : ''}`,
        );
        drawStatus();
        return;
      case 'step-end':
        step = event.step + 1;
        evaluationsUsed = event.evaluationsUsed;
        best = event.bestScore;
        if (mode === 'plain' && (event.step + 1) % 10 === 0) {
          line(
            `step ${event.step + 1}: ${event.evaluationsUsed}/${maxEvaluations} evaluations, best ${percent(event.bestScore)}`,
          );
        }
        drawStatus();
        return;
      case 'synthesis-start':
        line(
          `synthesis event ${event.event + 1}: ${event.attempts} attempts over ${event.modes.length} failure mode(s)` +
            (event.modes.length > 0
              ? `: ${event.modes.map((mode) => `${mode.name} (${mode.support} failures, ${mode.attempts} attempts)`).join(', ')}`
              : ''),
        );
        return;
      case 'synthesis-end': {
        const outcomes = Object.entries(event.outcomes)
          .filter(([, count]) => count > 0)
          .map(([outcome, count]) => `${outcome} ${count}`)
          .join(', ');
        line(
          `  admitted ${event.admitted}/${event.attempts} (${outcomes}); training set now ${event.trainingSize}`,
        );
        drawStatus();
        return;
      }
      case 'test-evaluated':
        line(
          `test split, ${event.label} candidate ${event.candidate}: ${percent(event.score)}${event.repeats > 1 ? ` (mean of ${event.repeats} runs)` : ''}`,
        );
        return;
      case 'run-end':
        clearStatus();
        return;
      default:
        return;
    }
  };
  return { onEvent, finish: clearStatus };
}
