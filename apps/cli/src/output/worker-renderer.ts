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
    switch (event.type) {
      case 'worker-ready':
        line(
          `${color.bold('forge worker')} ${event.worker}: taking cells from queue ${event.queueName}, ${event.concurrency} at a time`,
        );
        return;
      case 'cell-taken':
        line(
          `▶ ${event.cell} (${event.suiteDir})` +
            (event.starts > 1
              ? color.yellow(
                  ` — start ${event.starts}${event.stalls > 0 ? `, after ${event.stalls} stalled worker(s)` : ''}: continuing from its run directory`,
                )
              : ''),
        );
        return;
      case 'cell-finished':
        line(
          `${event.status === 'done' ? color.green('✓') : color.red('✗')} ${event.cell} ${event.status} in ${(event.durationMs / 1000).toFixed(1)} s` +
            (event.enqueued.length > 0 ? `; enqueued ${event.enqueued.join(', ')}` : ''),
        );
        return;
      case 'cell-requeued':
        line(
          `${color.yellow('■')} ${event.cell} back on the queue (${
            event.reason === 'stopping'
              ? 'this worker is stopping; progress saved'
              : event.reason === 'held-elsewhere'
                ? 'another process holds its run directory; retrying later'
                : 'its lock was lost; another worker continues it'
          })`,
        );
        return;
      case 'cell-rejected':
        line(`${color.red('✗')} job ${event.job} refused, nothing run or deleted: ${event.reason}`);
        return;
      case 'worker-stopped':
        line(`worker ${event.worker} stopped`);
        return;
      default:
        return;
    }
  };
  return { onEvent };
}
