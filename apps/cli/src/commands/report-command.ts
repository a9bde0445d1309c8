import { listRuns, writeReport } from '@forge/sdk';
import type { Command } from 'commander';
import { outputMode, percent, type Terminal, table } from '../output/terminal.js';

/** `forge report` and `forge runs`. */
export function reportCommands(program: Command, terminal: Terminal): void {
  program
    .command('report')
    .description('write the HTML report of a run (one self-contained file, no network)')
    .argument('<run>', 'run directory')
    .option('--out <file>', 'where to write it (default <run>/report.html)')
    .action((run: string, flags: { out?: string }) => {
      terminal.out.write(`${writeReport(run, flags.out)}\n`);
    });
  program
    .command('runs')
    .description('list runs with their status and scores')
    .argument('[dir]', 'directory holding runs', 'forge-runs')
    .option('--json', 'one JSON line per run')
    .action((dir: string, flags: { json?: boolean }) => {
      const runs = listRuns(dir);
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
}
