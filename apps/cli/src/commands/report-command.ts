import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { exitCodes } from '../exit-codes.js';
import { portFlag } from '../flag-values.js';
import { outputMode, percent, type Terminal, table } from '../output/terminal.js';
import { runsRepairCommands } from './runs-repair-commands.js';
import { serveUntilStopped } from './serve-until-stopped.js';

function usage(message: string): never {
  throw new InvalidArgumentError({ argument: 'run', message });
}

/** `forge report` and `forge runs` (with `runs check` and `runs restore`). */
export function reportCommands(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  program
    .command('report')
    .description(
      'write the HTML report of a run (one self-contained file, no network), compare runs, or serve a live view',
    )
    .argument('[run...]', 'run directory')
    .option('--out <file>', 'where to write it (default <run>/report.html, or forge-compare.html)')
    .option(
      '--compare <runs...>',
      'one page with these runs overlaid (score against evaluations, cost)',
    )
    .option('--watch', 'serve the report on 127.0.0.1, updated as steps land (Ctrl-C stops)')
    .option('--port <n>', "the live report's port (default: any free one)")
    .action(
      async (
        runs: string[],
        flags: { out?: string; compare?: string[]; watch?: boolean; port?: string },
      ) => {
        const port = portFlag('--port', flags.port);
        const { serveRunReport, writeCompareReport, writeReport } = await import('@forge/sdk');
        if (flags.compare !== undefined) {
          const compared = [...flags.compare, ...runs];
          if (compared.length < 2) usage('--compare needs at least two runs');
          if (flags.watch) usage('--watch serves one run; drop --compare');
          terminal.out.write(
            `${writeCompareReport(compared, flags.out ?? 'forge-compare.html')}\n`,
          );
          return;
        }
        const [run, ...extra] = runs;
        if (run === undefined) usage('name the run directory: forge report <run>');
        if (extra.length > 0) usage('one run at a time; use --compare <run> <run>… for several');
        if (!flags.watch) {
          terminal.out.write(`${writeReport(run, flags.out)}\n`);
          return;
        }
        const server = await serveRunReport({
          runDir: run,
          ...(port === undefined ? {} : { port }),
        });
        await serveUntilStopped(terminal, server, run);
      },
    );
  const runs = program
    .command('runs')
    .description('list runs with their status and scores')
    .argument('[dir]', 'directory holding runs', 'forge-runs')
    .option('--json', 'one JSON line per run')
    .action(async (dir: string, flags: { json?: boolean }) => {
      const { listRuns } = await import('@forge/sdk');
      const runs = listRuns(dir);
      const damaged = runs.filter((run) => run.problem !== undefined);
      if (damaged.length > 0) setExit(exitCodes.usage);
      for (const run of damaged) terminal.err.write(`forge: ${run.problem}\n`);
      if (outputMode(terminal, flags.json === true) === 'json') {
        for (const run of runs) terminal.out.write(`${JSON.stringify(run)}\n`);
        return;
      }
      if (runs.length === 0) {
        terminal.out.write(`no runs in ${dir}\n`);
        return;
      }
      terminal.out.write(
        `${table([
          [
            'run',
            'benchmark',
            'variant',
            'status',
            'steps',
            'evaluations',
            'seed',
            'best',
            'created',
          ],
          ...runs.map((run) => [
            run.runDir,
            run.benchmark + (run.simulated ? ' (simulated)' : ''),
            run.variant,
            run.status,
            String(run.steps),
            String(run.evaluationsUsed),
            percent(run.seedScore),
            percent(run.bestScore),
            run.createdAt.slice(0, 19).replace('T', ' '),
          ]),
        ])}\n`,
      );
    });
  runsRepairCommands(runs, terminal, setExit);
}
