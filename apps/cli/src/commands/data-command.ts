import type { DataReport } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { outputMode, type Terminal, table } from '../output/terminal.js';

/** `forge data pull|check`. */
export function dataCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  const data = program.command('data').description('download and check benchmark data');
  data
    .command('pull')
    .description('download the official data of a benchmark (needs internet) and check the counts')
    .argument('<benchmark>', 'hotpotqa, hover, ifbench, finer, lawbench, aime, mmlu-pro, or wiki')
    .option('--data-dir <dir>', 'where to put it (default data/<benchmark>)')
    .option('--mirror <url>', 'base URL replacing the origin of every download')
    .option('--json', 'print the report as JSON')
    .action(async (id: string, flags: { dataDir?: string; mirror?: string; json?: boolean }) => {
      const { pullBenchmarkData } = await import('@forge/sdk');
      const report = await pullBenchmarkData(id, {
        ...(flags.dataDir === undefined ? {} : { dataDir: flags.dataDir }),
        ...(flags.mirror === undefined ? {} : { mirror: flags.mirror }),
        onProgress: (message) => terminal.err.write(`${message}\n`),
      });
      print(terminal, flags.json === true, [report]);
      if (!report.ok) setExit(2);
    });
  data
    .command('index')
    .description(
      "build the BM25 index of the wiki corpus (after 'forge data pull wiki'); HotPotQA and HoVer read it",
    )
    .argument('<corpus>', 'wiki')
    .option('--data-dir <dir>', 'where the corpus is', 'data/wiki')
    .option('--out <dir>', 'index directory (default <data-dir>/index)')
    .action(async (corpus: string, flags: { dataDir: string; out?: string }) => {
      if (corpus !== 'wiki')
        throw new InvalidArgumentError({
          argument: 'corpus',
          message: `corpus: only "wiki" can be indexed, not "${corpus}"`,
        });
      const { indexWikiCorpus } = await import('@forge/sdk');
      const started = Date.now();
      const built = await indexWikiCorpus({
        dataDir: flags.dataDir,
        ...(flags.out === undefined ? {} : { directory: flags.out }),
        onProgress: (passages) =>
          terminal.err.write(
            `indexed ${passages} passages (${Math.round((Date.now() - started) / 1000)} s)\n`,
          ),
      });
      terminal.out.write(
        `built ${built.directory} (${built.passages} passages); use benchmarkSettings.bm25IndexDir: ${built.directory}\n`,
      );
    });
  data
    .command('check')
    .description('check the data of benchmarks without downloading')
    .argument('[benchmarks...]', 'benchmarks to check (default: all)')
    .option('--data-root <dir>', 'directory holding data/<benchmark> folders', 'data')
    .option('--json', 'print the reports as JSON')
    .action(async (ids: string[], flags: { dataRoot: string; json?: boolean }) => {
      const { checkBenchmarkData, dataIds } = await import('@forge/sdk');
      const reports = [];
      for (const id of ids.length > 0 ? ids : dataIds()) {
        reports.push(await checkBenchmarkData(id, { dataDir: `${flags.dataRoot}/${id}` }));
      }
      print(terminal, flags.json === true, reports);
      if (reports.some((report) => !report.ok)) setExit(2);
    });
}

function print(terminal: Terminal, json: boolean, reports: readonly DataReport[]): void {
  if (outputMode(terminal, json) === 'json') {
    for (const report of reports) terminal.out.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const rows = [['benchmark', 'file', 'records', 'expected', 'status']];
  for (const report of reports) {
    for (const file of report.files) {
      rows.push([
        report.benchmark,
        `${report.dataDir}/${file.path}`,
        String(file.records),
        file.expected === undefined ? '–' : String(file.expected),
        file.ok ? 'ok' : (file.message ?? 'problem'),
      ]);
    }
  }
  terminal.out.write(`${table(rows)}\n`);
}
