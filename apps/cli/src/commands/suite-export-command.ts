import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import type { Terminal } from '../output/terminal.js';

interface SuiteExportFlags {
  format?: string;
  grpo?: string;
  table?: string;
  out?: string;
}

/** `forge suite export <dir>`: a suite's numbers as tidy CSV, JSON or LaTeX tables. */
export function suiteExportCommand(suite: Command, terminal: Terminal): void {
  suite
    .command('export')
    .description(
      "export a suite's numbers for a paper from its results.json and cells' databases: tidy CSV (--table instances|cells|entries), one JSON document, or LaTeX tables shaped like Tables 1–4 (columns: docs/suite-export.md)",
    )
    .argument('<dir>', 'the suite directory')
    .option('--format <format>', 'csv, json or latex')
    .option(
      '--table <table>',
      'the CSV table: instances (a row per cell × test instance, default), cells (a row per cell: cost, tokens by role, wall time, versions) or entries (a row per table entry: mean, sd, n, 95% CI, paired p)',
    )
    .option('--out <file>', 'write it to this file (default: standard output)')
    .option(
      '--grpo <file>',
      "a GRPO result file: Table 4's training column (default: the suite's grpo/results.json, if any)",
    )
    .action(async (dir: string, flags: SuiteExportFlags) => {
      if (flags.format === undefined) {
        throw new InvalidArgumentError({
          argument: '--format',
          message: '--format: give csv, json or latex',
        });
      }
      const { exportSuite } = await import('@forge/sdk');
      const exported = exportSuite(dir, {
        format: flags.format as 'csv',
        ...(flags.table === undefined ? {} : { table: flags.table as 'instances' }),
        ...(flags.out === undefined ? {} : { out: flags.out }),
        ...(flags.grpo === undefined ? {} : { grpo: flags.grpo }),
      });
      if (exported.file === undefined) terminal.out.write(exported.text);
      else terminal.err.write(`wrote ${exported.file}\n`);
    });
}
