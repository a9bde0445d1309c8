import { resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import type { RunSuiteResult, SuiteConfigInput } from '@forge/sdk';
import type { Command } from 'commander';
import { exitCodes } from '../exit-codes.js';
import { portFlag } from '../flag-values.js';
import { handleInterrupts } from '../interrupts.js';
import { estimateLines, expectedLines, overCapLines } from '../output/estimate-lines.js';
import { createSuiteRenderer } from '../output/suite-renderer.js';
import { outputMode, type Terminal, table } from '../output/terminal.js';
import { watchSuite } from '../output/watch-suite.js';
import { queueTlsOf, queueTlsOptions } from './queue-tls-flags.js';
import { suiteExportCommand } from './suite-export-command.js';
import { runQueuedSuiteAction, suiteStatusCommand } from './suite-queue-actions.js';
import { suiteReportCommand } from './suite-report-command.js';
import { addTrustFlags, type TrustFlags, trustOptionsOf } from './trust-flags.js';

interface SuiteFlags extends TrustFlags {
  config?: string;
  dir?: string;
  resume?: boolean;
  shard?: string;
  only?: string;
  cells?: string;
  dryRun?: boolean;
  json?: boolean;
  queue?: string;
  queueName?: string;
  wait?: boolean;
  redisTlsCa?: string;
  redisTlsCert?: string;
  redisTlsKey?: string;
  watch?: boolean;
  port?: string;
}

/** `forge suite` and `forge suite merge`. */
export function suiteCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  const suite = program
    .command('suite')
    .description(
      'run a benchmark suite: methods × benchmarks × models × seeds, with B.4 budget alignment, tables and reports',
    )
    .option(
      '-c, --config <file>',
      'suite config (.yaml, .json or .ts; schema: forge.suite.schema.json)',
    )
    // Not a required option: commander would demand it of `forge suite merge` too.
    .option('--dir <dir>', 'suite directory (results.json, tables, cells/<id>/ run directories)')
    .option('--resume', 'continue the suite in --dir (finished cells are never run again)')
    .option(
      '--shard <i/n>',
      "run only shard i of n (whole rows; merge the shards' directories afterwards)",
    )
    .option(
      '--only <field=value,…>',
      'run only matching cells (benchmark, method, taskModel, optimizerModel, seed, arm; a|b for either)',
    )
    .option('--cells <id,…>', 'run only these cell ids')
    .option(
      '--dry-run',
      'estimate calls, tokens and cost of the selected cells — expected (typical stops and calls, tokens measured on each program) and upper bound (the caps) — and spend nothing',
    )
    .option('--json', 'print one JSON event per line')
    .option(
      '--queue <url>',
      'run the cells on forge worker processes through this Redis queue (redis://host:port)',
    )
    .option('--queue-name <name>', 'the BullMQ queue (default forge-suite)')
    .option('--no-wait', 'with --queue: return once the cells are enqueued')
    .option(...queueTlsOptions.ca)
    .option(...queueTlsOptions.cert)
    .option(...queueTlsOptions.key)
    .option('--watch', 'serve the suite report live on 127.0.0.1 while the cells run')
    .option('--port <n>', "the live report's port (default: any free one)");
  addTrustFlags(suite, "on --resume without -c, the suite's suite.json");
  suite.action(async (flags: SuiteFlags) => {
    // Imported here, so `forge --help` never loads the sdk.
    const { estimateSuite, formatTableValue, readConfigFile, runQueuedSuite, runSuite } =
      await import('@forge/sdk');
    const mode = outputMode(terminal, flags.json === true);
    const port = portFlag('--port', flags.port);
    if (flags.watch === true && (flags.dryRun === true || flags.queue !== undefined)) {
      throw new InvalidArgumentError({
        argument: '--watch',
        message: `--watch serves the report while cells run here; with ${flags.dryRun === true ? '--dry-run nothing runs' : '--queue, watch the suite directory with forge suite report <dir> --watch'}`,
      });
    }
    const dir = flags.dir;
    if (dir === undefined && flags.dryRun !== true) {
      throw new InvalidArgumentError({
        argument: '--dir',
        message: '--dir: name the suite directory',
      });
    }
    if (flags.config === undefined && flags.resume !== true) {
      throw new InvalidArgumentError({
        argument: '--config',
        message: '--config: name the suite config (or --resume a suite directory)',
      });
    }
    const raw =
      flags.config === undefined ? undefined : await readConfigFile(resolve(flags.config));
    const selection = {
      ...(flags.only === undefined ? {} : { only: flags.only }),
      ...(flags.cells === undefined
        ? {}
        : {
            cells: flags.cells
              .split(',')
              .map((id) => id.trim())
              .filter((id) => id !== ''),
          }),
      ...(flags.shard === undefined ? {} : { shard: flags.shard }),
    };
    const where = raw === undefined ? {} : { configFile: raw.file, configLineOf: raw.lineOf };
    if (flags.dryRun) {
      if (raw === undefined) {
        throw new InvalidArgumentError({
          argument: '--config',
          message: '--config: --dry-run needs the suite config',
        });
      }
      const estimate = await estimateSuite(raw.value as SuiteConfigInput, {
        ...selection,
        ...where,
      });
      if (mode === 'json') {
        terminal.out.write(`${JSON.stringify({ type: 'estimate', ...estimate })}\n`);
        return;
      }
      terminal.out.write(
        estimateLines(
          `Estimate for ${estimate.cells.length} cell(s): about ${estimate.expected.evaluations.toLocaleString('en-US')} task evaluations expected, up to ${estimate.evaluations.toLocaleString('en-US')}\n${expectedLines(estimate, estimate.wallSeconds).trimEnd()}`,
          estimate,
        ) + overCapLines(estimate.overCaps, estimate.cells.length),
      );
      return;
    }
    if (flags.queue !== undefined) {
      const queue = flags.queue;
      const result = await runQueuedSuiteAction(
        terminal,
        mode,
        setExit,
        (queued) =>
          runQueuedSuite(raw?.value as SuiteConfigInput | undefined, {
            dir: dir as string,
            resume: flags.resume === true,
            ...selection,
            ...where,
            ...trustOptionsOf(flags),
            ...queued,
            queueTls: queueTlsOf(flags),
          }),
        {
          queue,
          ...(flags.queueName === undefined ? {} : { queueName: flags.queueName }),
          wait: flags.wait !== false,
        },
      );
      if (result?.settled === true) printSuiteSummary(terminal, mode, result, formatTableValue);
      return;
    }
    const renderer = createSuiteRenderer(terminal, mode);
    const interrupts = handleInterrupts((text) => terminal.err.write(text));
    const watch = flags.watch === true ? watchSuite(terminal, renderer.notice, port) : undefined;
    try {
      const result = await runSuite(raw?.value as SuiteConfigInput | undefined, {
        dir: dir as string,
        resume: flags.resume === true,
        ...selection,
        ...where,
        ...trustOptionsOf(flags),
        onEvent: (event) => {
          renderer.onEvent(event);
          watch?.onEvent(event);
        },
        stopSignal: interrupts.stopSignal,
        abortSignal: interrupts.abortSignal,
      });
      renderer.finish();
      await watch?.close();
      printSuiteSummary(terminal, mode, result, formatTableValue);
      if (interrupts.interrupted) setExit(exitCodes.interrupted);
      else if (result.refused.length > 0) setExit(exitCodes.usage);
      else if (result.failed.length > 0) setExit(exitCodes.model);
    } catch (error) {
      renderer.finish();
      await watch?.close();
      if (interrupts.interrupted) {
        terminal.err.write(
          'interrupted: finished cells and saved steps are kept; continue with --resume\n',
        );
        setExit(exitCodes.interrupted);
        return;
      }
      throw error;
    } finally {
      interrupts.dispose();
    }
  });
  suiteStatusCommand(suite, terminal);
  suiteReportCommand(suite, terminal);
  suiteExportCommand(suite, terminal);
  suite
    .command('merge')
    .description('combine the shard directories of one suite into one suite directory')
    .argument('<shards...>', 'shard directories (each written by forge suite --shard i/n)')
    .option('--dir <dir>', 'the merged suite directory (new)')
    .option('--json', 'print the result as one JSON line')
    .action(async (shards: string[], flags: { dir?: string; json?: boolean }) => {
      const { mergeSuites } = await import('@forge/sdk');
      // `forge suite` has a --dir of its own, and commander may give the flag to it.
      const parent = suite.opts<{ dir?: string; json?: boolean }>();
      const dir = flags.dir ?? parent.dir;
      if (dir === undefined) {
        throw new InvalidArgumentError({
          argument: '--dir',
          message: '--dir: name the merged suite directory',
        });
      }
      const json = flags.json === true || parent.json === true;
      const merged = await mergeSuites(shards, { dir });
      const counts = { done: 0, stopped: 0, failed: 0, pending: 0 };
      for (const cell of merged.results.cells) counts[cell.status] += 1;
      if (outputMode(terminal, json) === 'json') {
        terminal.out.write(
          `${JSON.stringify({ type: 'suite-merged', dir: merged.dir, ...counts, files: merged.files })}\n`,
        );
        return;
      }
      terminal.out.write(
        `merged ${shards.length} shard(s) into ${merged.dir}: ${statusCounts(counts)}\nwrote ${merged.files.join(', ')}\n`,
      );
    });
}

function printSuiteSummary(
  terminal: Terminal,
  mode: ReturnType<typeof outputMode>,
  result: RunSuiteResult,
  formatTableValue: typeof import('@forge/sdk')['formatTableValue'],
) {
  const counts = { done: 0, stopped: 0, failed: 0, pending: 0 };
  for (const cell of result.results.cells) counts[cell.status] += 1;
  if (mode === 'json') {
    terminal.out.write(
      `${JSON.stringify({
        type: 'suite-summary',
        dir: result.dir,
        ...counts,
        // Cells a cap stopped short (`stopped` says whether a stop request ended the suite).
        capped: counts.stopped,
        ran: result.ran,
        failed: result.failed,
        refused: result.refused,
        stopped: result.stopped,
        files: result.files,
        notes: result.notes,
        simulated: result.results.simulated,
      })}\n`,
    );
    return;
  }
  const main = result.tables.filter((table) => table.id.startsWith('main-'));
  const lines = [
    '',
    `suite ${result.results.suite.name}${result.results.simulated ? ' — SIMULATED (offline simulated models, not a real LLM)' : ''}: ${statusCounts(counts)}`,
  ];
  for (const table of main) {
    lines.push('', table.title);
    lines.push(tableText(table, formatTableValue));
  }
  for (const id of result.failed) {
    const cell = result.results.cells.find((candidate) => candidate.id === id);
    lines.push(`failed: ${id}: ${cell?.error ?? 'unknown error'}`);
  }
  for (const cell of result.results.cells) {
    if (cell.status === 'stopped')
      lines.push(
        `stopped: ${cell.id} by a cap (${cell.stopReason ?? cell.stop?.by ?? 'unknown'}) at ${cell.evaluationsUsed ?? 0} evaluations: a truncated run, marked ‡ in the tables`,
      );
  }
  const refusedBy = new Map<string, string[]>();
  for (const { cell, dependency } of result.refused)
    refusedBy.set(dependency, [...(refusedBy.get(dependency) ?? []), cell]);
  for (const [dependency, cells] of refusedBy)
    lines.push(
      `refused: ${cells.join(', ')}: their ceiling would come from ${dependency}, which a cap stopped short; raise the cap in a new suite directory, or set alignment.allowTruncatedCeilings: true in the config and continue with forge suite -c <config> --dir <dir> --resume (they then run, flagged §)`,
    );
  for (const note of result.notes) lines.push(`note: ${note}`);
  lines.push('', `tables: ${resolve(result.dir, 'tables.md')}`);
  if (result.files.includes('report.html'))
    lines.push(`report: ${resolve(result.dir, 'report.html')}`);
  terminal.out.write(`${lines.join('\n')}\n`);
}

function statusCounts(counts: Readonly<Record<'done' | 'stopped' | 'failed' | 'pending', number>>) {
  return `${counts.done} done, ${counts.stopped === 0 ? '' : `${counts.stopped} stopped by a cap, `}${counts.failed} failed, ${counts.pending} pending`;
}

function tableText(
  suiteTable: RunSuiteResult['tables'][number],
  formatTableValue: typeof import('@forge/sdk')['formatTableValue'],
): string {
  return table([
    suiteTable.columns.map((column) => column.header),
    ...suiteTable.rows.map((row) =>
      suiteTable.columns.map((column, index) =>
        formatTableValue(row.values[index] ?? null, column.format),
      ),
    ),
  ]);
}
