import { terminalSafe } from '@forge/provider';
import type { RunListing, SuiteListing } from '@forge/sdk';
import type { Command } from 'commander';
import { exitCodes } from '../exit-codes.js';
import { outputMode, percent, type Terminal, table } from '../output/terminal.js';
import { runsRepairCommands } from './runs-repair-commands.js';

/** `forge runs [dir]` (runs, and the cells of suites), with `runs check` and `runs restore`. */
export function runsCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  const runs = program
    .command('runs')
    .description(
      "list runs with their status and scores, and the cells of suites (a suite directory's cells alone when given one)",
    )
    .argument('[dir]', 'directory holding runs or suites, or one suite directory', 'forge-runs')
    .option('--json', 'one JSON line per run, per suite and per suite cell')
    .action(async (dir: string, flags: { json?: boolean }) => {
      const { listRuns, listSuites } = await import('@forge/sdk');
      const found = listRuns(dir);
      const suites = listSuites(dir);
      const problems = [
        ...found.flatMap((run) => (run.problem === undefined ? [] : [run.problem])),
        ...suites.flatMap((suite) => [
          ...(suite.problem === undefined ? [] : [suite.problem]),
          ...suite.cells.flatMap((cell) =>
            cell.problem === undefined ||
            (cell.status !== 'damaged' && cell.status !== 'unreadable')
              ? []
              : [`${cell.runDir}: ${cell.problem}`],
          ),
        ]),
      ];
      if (problems.length > 0) setExit(exitCodes.usage);
      for (const problem of problems) terminal.err.write(`forge: ${terminalSafe(problem)}\n`);
      if (outputMode(terminal, flags.json === true) === 'json') {
        for (const run of found) terminal.out.write(`${JSON.stringify(run)}\n`);
        for (const suite of suites) {
          const { cells, ...about } = suite;
          terminal.out.write(
            `${JSON.stringify({ type: 'suite', ...about, cells: cells.length })}\n`,
          );
          for (const cell of cells) {
            terminal.out.write(
              `${JSON.stringify({ type: 'suite-cell', suiteDir: suite.suiteDir, ...cell })}\n`,
            );
          }
        }
        return;
      }
      if (found.length === 0 && suites.length === 0) {
        terminal.out.write(`no runs in ${dir}\n`);
        return;
      }
      const parts = [
        ...(found.length === 0 ? [] : [runsTable(found)]),
        ...suites.map(suiteCellsTable),
      ];
      terminal.out.write(`${parts.join('\n\n')}\n`);
    });
  runsRepairCommands(runs, terminal, setExit);
}

function runsTable(runs: readonly RunListing[]): string {
  return table([
    ['run', 'benchmark', 'variant', 'status', 'steps', 'evaluations', 'seed', 'best', 'created'],
    ...runs.map((run) => [
      terminalSafe(run.runDir),
      terminalSafe(run.benchmark) + (run.simulated ? ' (simulated)' : ''),
      terminalSafe(run.variant),
      run.status,
      String(run.steps),
      String(run.evaluationsUsed),
      percent(run.seedScore),
      percent(run.bestScore),
      run.createdAt.slice(0, 19).replace('T', ' '),
    ]),
  ]);
}

function suiteCellsTable(suite: SuiteListing): string {
  const counts = new Map<string, number>();
  for (const cell of suite.cells) counts.set(cell.status, (counts.get(cell.status) ?? 0) + 1);
  const simulated = suite.cells.some((cell) => cell.simulated);
  const heading = `suite ${terminalSafe(suite.name ?? '?')} in ${terminalSafe(suite.suiteDir)}${simulated ? ' — simulated' : ''}: ${suite.cells.length} cell(s)${
    counts.size === 0
      ? ''
      : ` (${[...counts].map(([status, count]) => `${count} ${status}`).join(', ')})`
  }`;
  if (suite.cells.length === 0)
    return `${heading}${suite.problem === undefined ? '' : ': unreadable'}`;
  return `${heading}\n${table([
    [
      'method',
      'benchmark',
      'task model',
      'optimizer model',
      'seed',
      'arm',
      'status',
      'evaluations',
      'validation',
      'test',
      'cell',
    ],
    ...suite.cells.map((cell) => [
      terminalSafe(cell.method),
      terminalSafe(cell.benchmark),
      terminalSafe(cell.taskModel),
      terminalSafe(cell.optimizerModel),
      String(cell.seed),
      cell.arm,
      cell.status,
      cell.evaluationsUsed === undefined ? '–' : String(cell.evaluationsUsed),
      percent(cell.bestValidation),
      percent(cell.bestTest),
      terminalSafe(cell.runDir),
    ]),
  ])}`;
}
