import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cellId, type SuiteResults } from '@forge/suite';
import { readInstances, toTrlRows, trlRowsToJsonl } from '@forge/synth';
import { grpoRewardDescription } from './grpo-reward-description.js';
import type { PreparedSuite } from './prepare-suite.js';
import { writeSuiteFile } from './suite-directory.js';

/**
 * The GRPO side of the transfer study (B.5), as files only: for every transfer row whose source
 * cell is done, `grpo/<row>/` gets the two training arms as TRL rows (`train_only.jsonl`,
 * `train_plus_synthetic.jsonl`), the shared `validation.jsonl` and `test.jsonl`, and
 * `reward.json`. No training runs here. Returns the files written (relative to the suite).
 */
export async function writeGrpoExport(options: {
  readonly dir: string;
  readonly suite: PreparedSuite;
  readonly results: SuiteResults;
}): Promise<string[]> {
  const { suite, dir } = options;
  const transfer = suite.spec.transfer;
  if (transfer === undefined) return [];
  const files: string[] = [];
  for (const row of suite.plan.rows) {
    if (!transfer.benchmarks.includes(row.benchmark)) continue;
    const source = options.results.cells.find(
      (cell) =>
        cell.id ===
        cellId({
          benchmark: row.benchmark,
          method: transfer.source,
          taskModel: row.taskModel,
          optimizerModel: row.optimizerModel,
          seed: row.seed,
          arm: 'original',
        }),
    );
    const syntheticFile = join(dir, source?.runDir ?? '', 'synthetic.jsonl');
    if (source?.status !== 'done' || !existsSync(syntheticFile)) continue;
    const loaded = suite.benchmarks.get(row.benchmark);
    if (loaded === undefined) continue;
    const { benchmark, splits } = loaded;
    const synthetic = await readInstances(syntheticFile, { signature: benchmark.signature });
    const [module, ...others] = benchmark.program.modules;
    const rowsOptions =
      module !== undefined && others.length === 0 ? { system: module.seedPrompt } : {};
    const rows = (instances: Parameters<typeof toTrlRows>[0]) =>
      trlRowsToJsonl(toTrlRows(instances, benchmark.signature, rowsOptions));
    const base = `grpo/${row.key}`;
    const write = (name: string, text: string) => {
      writeSuiteFile(dir, `${base}/${name}`, text);
      files.push(`${base}/${name}`);
    };
    write('train_only.jsonl', rows(splits.train));
    write('train_plus_synthetic.jsonl', rows([...splits.train, ...synthetic]));
    write('validation.jsonl', rows(splits.validation));
    write('test.jsonl', rows(splits.test));
    write(
      'reward.json',
      `${JSON.stringify(
        grpoRewardDescription(benchmark, {
          original: splits.train.length,
          synthetic: synthetic.length,
          validation: splits.validation.length,
          test: splits.test.length,
        }),
        null,
        2,
      )}\n`,
    );
  }
  return files;
}
