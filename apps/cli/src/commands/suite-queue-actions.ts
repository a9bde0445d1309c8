import { InvalidArgumentError, terminalSafe } from '@forge/provider';
import type { QueuedSuiteEvent, RunQueuedSuiteResult, SuiteQueueStatus } from '@forge/sdk';
import type { Command } from 'commander';
import { exitCodeForSignal, exitCodes } from '../exit-codes.js';
import { handleInterrupts } from '../interrupts.js';
import { createQueuedSuiteRenderer } from '../output/queued-suite-renderer.js';
import { type OutputMode, outputMode, type Terminal, table } from '../output/terminal.js';
import { type QueueTlsFlags, queueTlsOf, queueTlsOptions } from './queue-tls-flags.js';

/** What `forge suite --queue` was given, besides the suite's own flags. */
export interface QueuedSuiteFlags {
  /** `redis://host:port`. */
  readonly queue: string;
  /** The BullMQ queue's name. */
  readonly queueName?: string;
  /** False with `--no-wait`. */
  readonly wait: boolean;
}

/**
 * `forge suite --queue …`: enqueues the suite, waits with progress (unless `--no-wait`), and
 * prints the summary the local suite prints. Returns the result for the caller's summary.
 */
export async function runQueuedSuiteAction(
  terminal: Terminal,
  mode: OutputMode,
  setExit: (code: number) => void,
  run: (options: {
    readonly queue: string;
    readonly queueName?: string;
    readonly wait: boolean;
    readonly onEvent: (event: QueuedSuiteEvent) => void;
    readonly stopSignal: AbortSignal;
  }) => Promise<RunQueuedSuiteResult>,
  flags: QueuedSuiteFlags,
): Promise<RunQueuedSuiteResult | undefined> {
  const renderer = createQueuedSuiteRenderer(terminal, mode);
  // Ctrl-C ends the wait only: the cells belong to the workers.
  const interrupts = handleInterrupts((text) => terminal.err.write(`${text}\n`));
  try {
    const result = await run({
      queue: flags.queue,
      ...(flags.queueName === undefined ? {} : { queueName: flags.queueName }),
      wait: flags.wait,
      onEvent: renderer.onEvent,
      stopSignal: interrupts.stopSignal,
    });
    if (interrupts.signal !== undefined) setExit(exitCodeForSignal(interrupts.signal));
    else if (result.refused.length > 0) setExit(exitCodes.usage);
    else if (result.failed.length > 0) setExit(exitCodes.model);
    return result;
  } finally {
    interrupts.dispose();
  }
}

/** Prints `forge suite status --queue …`. */
export function printQueueStatus(
  terminal: Terminal,
  mode: OutputMode,
  status: SuiteQueueStatus,
): void {
  if (mode === 'json') {
    terminal.out.write(`${JSON.stringify({ type: 'suite-queue-status', ...status })}\n`);
    return;
  }
  const { counts } = status;
  // Names, ids, addresses and errors come from Redis and the suite directory: printed without
  // their control sequences.
  const safe = terminalSafe;
  const lines = [
    `suite ${safe(status.suite.name)} (${safe(status.suite.dir)}): ${counts.queued} queued, ${counts.running} running, ${counts.done} done, ${counts.failed} failed, ${counts.waiting} waiting for a dependency${counts.blocked > 0 ? `, ${counts.blocked} blocked by a failed cell` : ''}${counts.stopped > 0 ? `, ${counts.stopped} stopped by a cap` : ''}${counts.refused > 0 ? `, ${counts.refused} refused (their reference stopped at a cap)` : ''} · $${status.progress.spentUsd.toFixed(2)} spent`,
    status.workers.length === 0
      ? 'workers: none connected'
      : `workers: ${safe(status.workers.map((worker) => `${worker.name} (${worker.address})`).join(', '))}`,
    '',
    table([
      ['cell', 'state', 'worker', 'starts', 'note'],
      ...status.cells.map((cell) =>
        [
          cell.id,
          cell.state,
          cell.worker ?? '',
          cell.starts === undefined ? '' : String(cell.starts),
          cell.error ?? (cell.stalls ? `re-queued ${cell.stalls}× after a stalled worker` : ''),
        ].map(safe),
      ),
    ]),
  ];
  terminal.out.write(`${lines.join('\n')}\n`);
}

/** The flags of `forge suite status` (some of which commander may give to `forge suite`). */
type StatusFlags = QueueTlsFlags & {
  queue?: string;
  queueName?: string;
  dir?: string;
  json?: boolean;
};

/** `forge suite status --queue … --dir …`, registered under `forge suite`. */
export function suiteStatusCommand(suite: Command, terminal: Terminal): void {
  suite
    .command('status')
    .description(
      'where a suite on a queue stands: cells queued, running, done, failed, and workers',
    )
    .option('--queue <url>', 'the queue: redis://host:port[/db]')
    .option('--queue-name <name>', 'the BullMQ queue (default forge-suite)')
    .option('--dir <dir>', 'the suite directory')
    .option('--json', 'print the status as one JSON line')
    .option(...queueTlsOptions.ca)
    .option(...queueTlsOptions.cert)
    .option(...queueTlsOptions.key)
    .action(async (flags: StatusFlags) => {
      const { queuedSuiteStatus } = await import('@forge/sdk');
      // `forge suite` has these flags too, and commander may give them to it.
      const parent = suite.opts<StatusFlags>();
      const queue = flags.queue ?? parent.queue;
      const dir = flags.dir ?? parent.dir;
      if (queue === undefined || dir === undefined) {
        throw new InvalidArgumentError({
          argument: queue === undefined ? '--queue' : '--dir',
          message:
            queue === undefined
              ? '--queue: name the queue the suite runs on (redis://host:port)'
              : '--dir: name the suite directory',
        });
      }
      const queueName = flags.queueName ?? parent.queueName;
      const status = await queuedSuiteStatus({
        dir,
        queue,
        queueTls: { ...queueTlsOf(parent), ...queueTlsOf(flags) },
        ...(queueName === undefined ? {} : { queueName }),
      });
      printQueueStatus(
        terminal,
        outputMode(terminal, flags.json === true || parent.json === true),
        status,
      );
    });
}
