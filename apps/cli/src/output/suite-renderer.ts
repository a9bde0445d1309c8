import { terminalSafe } from '@forge/provider';
import type { SuiteRunEvent } from '@forge/sdk';
import { colors, type OutputMode, percent, type Terminal } from './terminal.js';

/**
 * Renders a suite's events: one JSON object per line (`--json`); on a terminal a line per cell
 * start and end plus a live status line (which cell, its own progress, cells done/left, spend);
 * plain lines otherwise.
 */
export function createSuiteRenderer(terminal: Terminal, mode: OutputMode) {
  const color = colors(mode, terminal.environment);
  let status = '';
  let counts = { position: 0, selected: 0, done: 0, left: 0, spentUsd: 0 };
  let cellLabel = '';
  let cell = { evaluationsUsed: 0, maxEvaluations: 0, step: 0, best: 0 };
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
    const width = 16;
    const filled =
      cell.maxEvaluations === 0
        ? 0
        : Math.min(width, Math.round((cell.evaluationsUsed / cell.maxEvaluations) * width));
    status = `[cell ${counts.position}/${counts.selected} · ${counts.done} done · ${counts.left} left · $${counts.spentUsd.toFixed(2)}] ${cellLabel} ${color.cyan('█'.repeat(filled))}${color.dim('░'.repeat(width - filled))} ${cell.evaluationsUsed}/${cell.maxEvaluations} evaluations · step ${cell.step} · best ${percent(cell.best)}`;
    terminal.err.write(`\r\u001b[2K${status}`);
  };

  const onEvent = (event: SuiteRunEvent) => {
    if (mode === 'json') {
      terminal.out.write(`${JSON.stringify(event)}\n`);
      return;
    }
    switch (event.type) {
      case 'suite-prepared':
        line(
          `${color.bold('forge suite')} ${event.resumed ? 'resuming' : 'starting'} ${event.name}: ${event.cells} cells in ${event.dir}` +
            (event.simulated
              ? `\n  ${color.yellow('simulated models: these numbers say nothing about real models')}`
              : ''),
        );
        return;
      case 'suite-start':
        line(
          `${event.selected} cell(s) to visit, ${event.alreadyDone} already done` +
            (event.addedDependencies.length > 0
              ? `; added as dependencies: ${event.addedDependencies.join(', ')}`
              : ''),
        );
        return;
      case 'cell-start':
        counts = { ...event };
        cellLabel = `${event.cell.method} on ${event.cell.benchmark} (seed ${event.cell.seed}${event.cell.arm === 'augmented' ? ', augmented' : ''})`;
        cell = { evaluationsUsed: 0, maxEvaluations: event.ceiling ?? 0, step: 0, best: 0 };
        line(
          `▶ cell ${event.position}/${event.selected} ${event.cell.id}` +
            (event.ceiling === null ? '' : ` — ceiling ${event.ceiling} evaluations (B.4)`),
        );
        drawStatus();
        return;
      case 'cell-progress': {
        const inner = event.event;
        if (inner.type === 'run-start') {
          cell = {
            ...cell,
            maxEvaluations: inner.maxEvaluations,
            evaluationsUsed: inner.evaluationsUsed,
            step: inner.step,
          };
        } else if (inner.type === 'evaluation-end') {
          cell = { ...cell, evaluationsUsed: cell.evaluationsUsed + 1 };
        } else if (inner.type === 'step-end') {
          cell = {
            ...cell,
            step: inner.step + 1,
            evaluationsUsed: inner.evaluationsUsed,
            best: inner.bestScore,
          };
        } else if (inner.type === 'candidate-validated') {
          cell = {
            ...cell,
            evaluationsUsed: inner.evaluationsUsed,
            best: inner.improved ? inner.score : cell.best,
          };
        } else return;
        drawStatus();
        return;
      }
      case 'cell-skipped':
        if (mode === 'plain')
          line(
            `· ${event.cell.id}: ${event.reason === 'stopped' ? 'stopped by a cap already' : 'done already'}`,
          );
        return;
      case 'cell-blocked':
        line(
          event.refusedBy !== undefined
            ? `${color.red('✗')} ${event.cell.id}: refused, its ceiling would come from ${event.refusedBy}, which a cap stopped short`
            : `${color.yellow('…')} ${event.cell.id}: ${event.blockedBy === undefined ? `waiting for ${event.waitingFor.join(', ')}` : `blocked, ${event.blockedBy} failed`}`,
        );
        return;
      case 'cell-end': {
        counts = { ...counts, done: event.done, left: event.left, spentUsd: event.spentUsd };
        const result = event.result;
        if (result.status === 'failed') {
          line(
            `${color.red('✗')} ${result.id} failed: ${terminalSafe(result.error ?? 'unknown error')}`,
          );
          return;
        }
        if (result.status === 'pending') {
          line(
            `${color.yellow('■')} ${result.id} stopped part-way (progress saved; --resume continues it)`,
          );
          return;
        }
        if (result.status === 'stopped' && result.stop !== undefined) {
          line(
            `${color.yellow('‡')} ${result.id} stopped by a cap (${terminalSafe(result.stopReason ?? result.stop.by)}) at ${result.stop.at.evaluations} evaluations: validation ${percent(result.seedValidation ?? undefined)} → ${percent(result.bestValidation ?? undefined)}, test ${percent(result.bestTest ?? undefined)} (a truncated run, marked in the tables)` +
              ` · ${event.done} done, ${event.left} left, $${event.spentUsd.toFixed(2)} spent`,
          );
          return;
        }
        line(
          `${color.green('✓')} ${result.id}: validation ${percent(result.seedValidation ?? undefined)} → ${percent(result.bestValidation ?? undefined)}, test ${percent(result.bestTest ?? undefined)}, ${result.evaluationsUsed}${result.ceiling === null ? '' : `/${result.ceiling}`} evaluations` +
            (result.exceededCeiling ? color.red(' EXCEEDED ITS CEILING') : '') +
            ((result.stoppedDependencies ?? []).length > 0
              ? color.yellow(" § on a stopped reference's ceiling")
              : '') +
            ` · ${event.done} done, ${event.left} left, $${event.spentUsd.toFixed(2)} spent`,
        );
        return;
      }
      case 'suite-end':
        clearStatus();
        return;
      case 'suite-outputs-written':
        return;
      default:
        return;
    }
  };
  return { onEvent, finish: clearStatus, notice: line };
}
