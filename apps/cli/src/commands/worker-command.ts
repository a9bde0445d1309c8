import { delimiter } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { exitCodes } from '../exit-codes.js';
import { integerFlag } from '../flag-values.js';
import { handleInterrupts } from '../interrupts.js';
import { outputMode, type Terminal } from '../output/terminal.js';
import { createWorkerRenderer } from '../output/worker-renderer.js';
import { type QueueTlsFlags, queueTlsOf, queueTlsOptions } from './queue-tls-flags.js';
import { addTrustFlags, type TrustFlags, trustOptionsOf } from './trust-flags.js';

interface WorkerFlags extends QueueTlsFlags, TrustFlags {
  queue?: string;
  suiteDir: string[];
  queueName?: string;
  concurrency?: string;
  name?: string;
  lockSeconds?: string;
  json?: boolean;
}

/** `forge worker`: takes suite cells from a queue and runs them until stopped. */
export function workerCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  const command = program
    .command('worker')
    .description(
      'run suite cells from a Redis queue (forge suite --queue); the suite directory must be reachable at the same path',
    )
    .option('--queue <url>', 'the queue: redis://[user:password@]host:port[/db] or rediss://…')
    .option(
      '--suite-dir <dir>',
      'a suite directory this worker may run, or a directory whose suites it may run (repeatable; required, or FORGE_WORKER_SUITE_DIRS)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--queue-name <name>', 'the BullMQ queue (default forge-suite)')
    .option('--concurrency <n>', 'cells run at once (default 1)')
    .option('--name <name>', 'this worker’s name in status lines (default <host>-<pid>)')
    .option(
      '--lock-seconds <n>',
      'a cell’s lock: a dead worker’s cell is re-queued after about this long (default 30)',
    )
    .option(...queueTlsOptions.ca)
    .option(...queueTlsOptions.cert)
    .option(...queueTlsOptions.key)
    .option('--json', 'print one JSON event per line');
  addTrustFlags(command, "a suite's suite.json");
  command.action(async (flags: WorkerFlags) => {
    if (flags.queue === undefined) {
      throw new InvalidArgumentError({
        argument: '--queue',
        message: '--queue: name the queue (redis://host:port)',
      });
    }
    const suiteDirs =
      flags.suiteDir.length > 0 ? flags.suiteDir : dirsFromEnvironment(terminal.environment);
    const concurrency = integerFlag('--concurrency', flags.concurrency, 1);
    const lockSeconds = integerFlag('--lock-seconds', flags.lockSeconds, 1);
    const { runSuiteWorker } = await import('@forge/sdk');
    const renderer = createWorkerRenderer(terminal, outputMode(terminal, flags.json === true));
    // SIGTERM or Ctrl-C: running cells stop after their current step, save and go back to
    // the queue; a second one aborts the calls in flight.
    const interrupts = handleInterrupts((text) => terminal.err.write(`${text}\n`));
    try {
      await runSuiteWorker({
        queue: flags.queue,
        queueTls: queueTlsOf(flags),
        suiteDirs,
        ...(flags.queueName === undefined ? {} : { queueName: flags.queueName }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(flags.name === undefined ? {} : { name: flags.name }),
        ...(lockSeconds === undefined ? {} : { lockSeconds }),
        ...trustOptionsOf(flags),
        stopSignal: interrupts.stopSignal,
        abortSignal: interrupts.abortSignal,
        onEvent: renderer.onEvent,
      });
      if (interrupts.interrupted) setExit(exitCodes.success);
    } finally {
      interrupts.dispose();
    }
  });
}

/** `FORGE_WORKER_SUITE_DIRS`: directories separated by the platform's path delimiter (`:`). */
function dirsFromEnvironment(environment: Record<string, string | undefined>): string[] {
  const value = environment['FORGE_WORKER_SUITE_DIRS'] ?? '';
  return value.split(delimiter).filter((dir) => dir !== '');
}
