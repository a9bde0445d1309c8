import type { Command } from 'commander';
import { exitCodes } from '../exit-codes.js';
import { outputMode, type Terminal } from '../output/terminal.js';

/** `forge runs check <run>` and `forge runs restore <run>`, under `forge runs`. */
export function runsRepairCommands(
  runs: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  runs
    .command('check')
    .description(
      "check a run's database (integrity, action log, lease, backup); exit 2 when damaged",
    )
    .argument('<run>', 'run directory')
    .option('--json', 'print the findings as one JSON line')
    .action(async (run: string, _flags: unknown, command: Command) => {
      // `--json` is also an option of `forge runs`, which commander lets take it.
      const flags = command.optsWithGlobals<{ json?: boolean }>();
      const { checkRun } = await import('@forge/sdk');
      const check = await checkRun(run);
      if (!check.healthy) setExit(exitCodes.usage);
      if (outputMode(terminal, flags.json === true) === 'json') {
        terminal.out.write(`${JSON.stringify({ type: 'run-check', ...check })}\n`);
        return;
      }
      const lines = [
        `${run}: ${check.healthy ? 'healthy' : 'DAMAGED'}${check.steps === undefined ? '' : ` (${check.steps} steps, ${check.commits} commits)`}`,
        ...check.problems.map((problem) => `  problem: ${problem}`),
        `  writer: ${check.lease.state === 'free' ? 'none' : check.lease.state === 'unreadable' ? check.lease.reason : `${check.lease.holder.description}, pid ${check.lease.holder.pid} on ${check.lease.holder.host} (${check.lease.state}: ${check.lease.reason})`}`,
        `  backup: ${check.backup === undefined ? 'none' : `${check.backup.path}, step ${check.backup.step}, written ${check.backup.takenAt}${check.backup.intact ? '' : `, DAMAGED (${check.backup.problem})`}`}`,
        check.advice,
      ];
      (check.healthy ? terminal.out : terminal.err).write(`${lines.join('\n')}\n`);
    });
  runs
    .command('restore')
    .description('roll a damaged run back to its last good backup; then continue it with --resume')
    .argument('<run>', 'run directory')
    .option('--force', 'restore even though the database is intact (rolls back to the backup)')
    .option('--json', 'print the result as one JSON line')
    .action(async (run: string, _flags: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ force?: boolean; json?: boolean }>();
      const { restoreRun } = await import('@forge/sdk');
      const restored = restoreRun(run, { force: flags.force === true });
      if (outputMode(terminal, flags.json === true) === 'json') {
        terminal.out.write(
          `${JSON.stringify({ type: 'run-restored', runDir: run, ...restored })}\n`,
        );
        return;
      }
      terminal.out.write(
        `${run}: restored the backup of step ${restored.backup.step} (written ${restored.backup.takenAt}); the replaced files are kept as ${restored.movedAside.join(', ') || 'nothing'}\ncontinue with: forge optimize --resume ${run}\n`,
      );
    });
}
