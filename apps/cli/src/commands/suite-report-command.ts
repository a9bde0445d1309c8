import { resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { portFlag } from '../flag-values.js';
import { outputMode, type Terminal } from '../output/terminal.js';
import { serveUntilStopped } from './serve-until-stopped.js';

interface SuiteReportFlags {
  grpo?: string;
  json?: boolean;
  watch?: boolean;
  port?: string;
}

/** `forge suite report <dir>`: regenerate a suite's tables and report, or serve it live. */
export function suiteReportCommand(suite: Command, terminal: Terminal): void {
  suite
    .command('report')
    .description(
      "regenerate a suite directory's tables and report.html from its results.json (no cell runs), or serve the report live",
    )
    .argument('<dir>', 'the suite directory')
    .option('--json', 'print the result as one JSON line')
    .option(
      '--watch',
      'serve the report on 127.0.0.1, updated as cells finish; reads the suite and writes nothing (Ctrl-C stops)',
    )
    .option('--port <n>', "the live report's port (default: any free one)")
    .option(
      '--grpo <file>',
      "a GRPO result file (docs/suite-export.md): Table 4's training column and Figure 4 (default: the suite's grpo/results.json, if any)",
    )
    .action(async (dir: string, flags: SuiteReportFlags) => {
      // `forge suite` has --json, --watch and --port of its own, and commander may give the
      // flags to it.
      const parent = suite.opts<SuiteReportFlags>();
      const json = flags.json === true || parent.json === true;
      const port = portFlag('--port', flags.port ?? parent.port);
      if (flags.watch !== true && parent.watch !== true) {
        if (port !== undefined) {
          throw new InvalidArgumentError({
            argument: '--port',
            message: '--port: only the live report (--watch) listens on a port',
          });
        }
        const { reportSuite } = await import('@forge/sdk');
        const written = reportSuite(dir, flags.grpo === undefined ? {} : { grpo: flags.grpo });
        if (outputMode(terminal, json) === 'json') {
          terminal.out.write(
            `${JSON.stringify({ type: 'suite-report-written', dir: written.dir, files: written.files })}\n`,
          );
          return;
        }
        terminal.out.write(
          `wrote ${written.files.length} file(s) in ${written.dir}\ntables: ${resolve(written.dir, 'tables.md')}\nreport: ${resolve(written.dir, 'report.html')}\n`,
        );
        return;
      }
      if (flags.grpo !== undefined) {
        throw new InvalidArgumentError({
          argument: '--grpo',
          message:
            "--grpo: the live report reads the suite's grpo/results.json; put the file there",
        });
      }
      const { serveSuiteReport } = await import('@forge/sdk');
      const server = await serveSuiteReport({
        dir,
        ...(port === undefined ? {} : { port }),
      });
      await serveUntilStopped(terminal, server, `the suite ${resolve(dir)}`);
    });
}
