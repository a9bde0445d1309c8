import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { portFlag } from '../flag-values.js';
import type { Terminal } from '../output/terminal.js';
import { serveUntilStopped } from './serve-until-stopped.js';

function usage(message: string): never {
  throw new InvalidArgumentError({ argument: 'run', message });
}

/** `forge report`: one run's report, several compared, or a live view. */
export function reportCommands(program: Command, terminal: Terminal): void {
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
}
