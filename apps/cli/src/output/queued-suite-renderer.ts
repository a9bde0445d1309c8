import { terminalSafe } from '@forge/provider';
import type { QueuedSuiteEvent } from '@forge/sdk';
import { colors, type OutputMode, type Terminal } from './terminal.js';

/**
 * Renders `forge suite --queue`: one JSON object per line (`--json`); otherwise a line when the
 * suite is queued and a progress line whenever the queue's counts or workers change.
 */
export function createQueuedSuiteRenderer(terminal: Terminal, mode: OutputMode) {
  const color = colors(mode, terminal.environment);
  const line = (text: string) => terminal.err.write(`${text}\n`);
  const onEvent = (event: QueuedSuiteEvent) => {
    if (mode === 'json') {
      terminal.out.write(`${JSON.stringify(event)}\n`);
      return;
    }
    switch (event.type) {
      case 'suite-prepared':
        line(
          `${color.bold('forge suite')} ${event.resumed ? 'resuming' : 'starting'} ${terminalSafe(event.name)} on a queue: ${event.cells} cells in ${terminalSafe(event.dir)}` +
            (event.simulated
              ? `\n  ${color.yellow('simulated models: these numbers say nothing about real models')}`
              : ''),
        );
        return;
      case 'suite-queued':
        line(
          `queued on ${event.queue} (queue ${event.queueName}): ${event.selected} cell(s), ${event.enqueued.length} can start now` +
            (event.retried.length > 0 ? `, ${event.retried.length} failed cell(s) to retry` : ''),
        );
        return;
      case 'suite-queue-progress': {
        const { counts } = event;
        // Worker names and cell ids come from Redis: printed without control sequences.
        const running = terminalSafe(
          event.running
            .map((cell) => `${cell.cell}${cell.worker === undefined ? '' : ` @ ${cell.worker}`}`)
            .join(', '),
        );
        line(
          `${counts.done} done · ${counts.running} running · ${counts.queued} queued · ${counts.waiting} waiting · ${counts.failed} failed` +
            (counts.blocked > 0 ? ` · ${counts.blocked} blocked` : '') +
            (counts.stopped > 0 ? ` · ${counts.stopped} stopped by a cap` : '') +
            (counts.refused > 0 ? ` · ${counts.refused} refused` : '') +
            ` · $${event.spentUsd.toFixed(2)} · workers: ${event.workers.length === 0 ? color.yellow('none connected (start forge worker)') : terminalSafe(event.workers.join(', '))}` +
            (running === '' ? '' : `\n  running: ${running}`),
        );
        return;
      }
      case 'suite-queue-detached':
        line(
          event.reason === 'no-wait'
            ? 'not waiting (--no-wait): the workers run the cells; see forge suite status --queue …, and collect the results with forge suite --queue … --dir … --resume'
            : 'stopped waiting: the workers keep running the cells; forge suite --queue … --dir … --resume waits again',
        );
        return;
      default:
        return;
    }
  };
  return { onEvent };
}
