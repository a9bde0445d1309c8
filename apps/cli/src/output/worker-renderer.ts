import { terminalSafe } from '@forge/provider';
import type { SuiteWorkerEvent } from '@forge/sdk';
import { colors, type OutputMode, type Terminal } from './terminal.js';

/**
 * Renders `forge worker`: one JSON object per line (`--json`, cells' own progress included);
 * otherwise a line per cell taken, finished or sent back to the queue.
 */
export function createWorkerRenderer(terminal: Terminal, mode: OutputMode) {
  const color = colors(mode, terminal.environment);
  const line = (text: string) => terminal.err.write(`${text}\n`);
  const onEvent = (event: SuiteWorkerEvent) => {
    if (mode === 'json') {
      terminal.out.write(`${JSON.stringify(event)}\n`);
      return;
    }
    // Names, ids and reasons may come from Redis (whoever can write to it chose them): printed
    // without their control sequences.
    const safe = terminalSafe;
    switch (event.type) {
      case 'worker-ready':
        line(
          `${color.bold('forge worker')} ${safe(event.worker)}: taking cells from queue ${safe(event.queueName)}, ${event.concurrency} at a time`,
        );
        return;
      case 'cell-taken':
        line(
          `▶ ${safe(event.cell)} (${safe(event.suiteDir)})` +
            (event.starts > 1
              ? color.yellow(
                  ` — start ${event.starts}${event.stalls > 0 ? `, after ${event.stalls} stalled worker(s)` : ''}: continuing from its run directory`,
                )
              : ''),
        );
        return;
      case 'cell-finished':
        line(
          `${event.status === 'done' ? color.green('✓') : event.status === 'stopped' ? color.yellow('‡') : color.red('✗')} ${safe(event.cell)} ${safe(event.status)}${event.status === 'stopped' ? ' by a cap (a truncated run)' : ''} in ${(event.durationMs / 1000).toFixed(1)} s` +
            (event.enqueued.length > 0 ? `; enqueued ${safe(event.enqueued.join(', '))}` : ''),
        );
        return;
      case 'cell-requeued':
        line(
          `${color.yellow('■')} ${safe(event.cell)} back on the queue (${
            event.reason === 'stopping'
              ? 'this worker is stopping; progress saved'
              : event.reason === 'held-elsewhere'
                ? 'another process holds its run directory; retrying later'
                : 'its lock was lost; another worker continues it'
          })`,
        );
        return;
      case 'cell-rejected':
        line(
          `${color.red('✗')} job ${safe(event.job)} refused, nothing run or deleted: ${safe(event.reason)}`,
        );
        return;
      case 'worker-stopped':
        line(`worker ${safe(event.worker)} stopped`);
        return;
      default:
        return;
    }
  };
  return { onEvent };
}
