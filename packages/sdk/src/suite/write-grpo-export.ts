import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  cellId,
  describeCellStop,
  type SuiteCellResult,
  type SuiteCellStop,
  type SuiteResults,
} from '@forge/suite';
import { readInstances, toTrlRows, trlRowsToJsonl } from '@forge/synth';
import { grpoRewardDescription } from './grpo-reward-description.js';
import type { PreparedSuite } from './prepare-suite.js';
import { writeSuiteFile } from './suite-directory.js';

/** The file, under the suite directory, that says what became of every transfer row's export. */
export const grpoExportManifestFileName = 'grpo/export.json';

/** What became of one transfer row in the GRPO export. */
export interface GrpoExportRow {
  /** The row (`<benchmark>/<task>/<optimizer>/seed-<n>`), also its directory under `grpo/`. */
  readonly row: string;
  /** The transfer source's cell id (its synthetic data is `train_plus_synthetic`'s extra part). */
  readonly source: string;
  /**
   * `exported`: the source finished on its own terms; `exported-truncated`: a cap stopped the
   * source short and the suite allows truncated sources (`alignment.allowTruncatedCeilings`), so
   * its partial synthetic data was exported and flagged; `skipped`: nothing written for the row.
   */
  readonly outcome: 'exported' | 'exported-truncated' | 'skipped';
  /** Why a row was skipped or flagged, in words (absent for a plain export). */
  readonly reason?: string;
  /** The cap that stopped the source, as `results.json` records it (a stopped source only). */
  readonly stop?: SuiteCellStop;
}

/** What `writeGrpoExport` wrote. */
export interface GrpoExport {
  /** Files written, relative to the suite directory. */
  readonly files: readonly string[];
  /** Every transfer row of the study, exported or not, in plan order. */
  readonly rows: readonly GrpoExportRow[];
  /** One sentence per row that was skipped or flagged, for the user to read. */
  readonly notes: readonly string[];
}

/**
 * The GRPO side of the transfer study (B.5), as files only: for every transfer row whose source
 * cell finished, `grpo/<row>/` gets the two training arms as TRL rows (`train_only.jsonl`,
 * `train_plus_synthetic.jsonl`), the shared `validation.jsonl` and `test.jsonl`, and
 * `reward.json`. No training runs here.
 *
 * A source a cap stopped short is treated as the suite treats the transfer study's augmented
 * cells: by default its row is skipped, since its synthetic data is a truncated run's and a
 * trainer would take `train_plus_synthetic` for the full arm; with
 * `alignment.allowTruncatedCeilings` it is exported and flagged (`reward.json`'s `source`).
 * Either way `grpo/export.json` lists every row with what became of it and why, and `notes`
 * says it in words.
 */
export async function writeGrpoExport(options: {
  readonly dir: string;
  readonly suite: PreparedSuite;
  readonly results: SuiteResults;
}): Promise<GrpoExport> {
  const { suite, dir } = options;
  const transfer = suite.spec.transfer;
  if (transfer === undefined) return { files: [], rows: [], notes: [] };
  const allowTruncated = suite.config.alignment.allowTruncatedCeilings === true;
  const files: string[] = [];
  const rows: GrpoExportRow[] = [];
  for (const row of suite.plan.rows) {
    if (!transfer.benchmarks.includes(row.benchmark)) continue;
    const sourceId = cellId({
      benchmark: row.benchmark,
      method: transfer.source,
      taskModel: row.taskModel,
      optimizerModel: row.optimizerModel,
      seed: row.seed,
      arm: 'original',
    });
    const source = options.results.cells.find((cell) => cell.id === sourceId);
    const skip = (reason: string, stop?: SuiteCellStop) =>
      rows.push({
        row: row.key,
        source: sourceId,
        outcome: 'skipped',
        reason,
        ...(stop === undefined ? {} : { stop }),
      });
    if (source === undefined || (source.status !== 'done' && source.status !== 'stopped')) {
      skip(`its source ${sourceId} has not finished (${source?.status ?? 'not in the plan'})`);
      continue;
    }
    const truncated = source.status === 'stopped';
    const stopText = truncatedSourceText(source);
    if (truncated && !allowTruncated) {
      skip(
        `its source ${sourceId} was ${stopText}: its synthetic data is a truncated run's; set alignment.allowTruncatedCeilings: true to export it flagged`,
        source.stop,
      );
      continue;
    }
    const syntheticFile = join(dir, source.runDir, 'synthetic.jsonl');
    if (!existsSync(syntheticFile)) {
      skip(`its source ${sourceId} wrote no synthetic.jsonl`);
      continue;
    }
    const loaded = suite.benchmarks.get(row.benchmark);
    if (loaded === undefined) {
      skip(
        `not written by this invocation: its benchmark ${row.benchmark} was not loaded (a selection of cells)`,
      );
      continue;
    }
    const { benchmark, splits } = loaded;
    const synthetic = await readInstances(syntheticFile, { signature: benchmark.signature });
    const [module, ...others] = benchmark.program.modules;
    const rowsOptions =
      module !== undefined && others.length === 0 ? { system: module.seedPrompt } : {};
    const trl = (instances: Parameters<typeof toTrlRows>[0]) =>
      trlRowsToJsonl(toTrlRows(instances, benchmark.signature, rowsOptions));
    const base = `grpo/${row.key}`;
    const write = (name: string, text: string) => {
      writeSuiteFile(dir, `${base}/${name}`, text);
      files.push(`${base}/${name}`);
    };
    const flag = truncated
      ? `its source ${sourceId} was ${stopText}: train_plus_synthetic holds a truncated run's synthetic data (alignment.allowTruncatedCeilings)`
      : undefined;
    write('train_only.jsonl', trl(splits.train));
    write('train_plus_synthetic.jsonl', trl([...splits.train, ...synthetic]));
    write('validation.jsonl', trl(splits.validation));
    write('test.jsonl', trl(splits.test));
    write(
      'reward.json',
      `${JSON.stringify(
        {
          ...grpoRewardDescription(benchmark, {
            original: splits.train.length,
            synthetic: synthetic.length,
            validation: splits.validation.length,
            test: splits.test.length,
          }),
          source: {
            cell: sourceId,
            status: source.status,
            truncated,
            ...(source.stop === undefined ? {} : { stop: source.stop }),
            ...(flag === undefined ? {} : { note: flag }),
          },
        },
        null,
        2,
      )}\n`,
    );
    rows.push({
      row: row.key,
      source: sourceId,
      outcome: truncated ? 'exported-truncated' : 'exported',
      ...(flag === undefined ? {} : { reason: flag }),
      ...(source.stop === undefined ? {} : { stop: source.stop }),
    });
  }
  writeSuiteFile(
    dir,
    grpoExportManifestFileName,
    `${JSON.stringify({ formatVersion: 1, rows }, null, 2)}\n`,
  );
  files.push(grpoExportManifestFileName);
  return {
    files,
    rows,
    notes: rows.flatMap((entry) =>
      entry.reason === undefined
        ? []
        : [
            `grpo/${entry.row}: ${entry.outcome === 'skipped' ? 'not exported' : 'exported, flagged'} — ${entry.reason}`,
          ],
    ),
  };
}

/** `stopped by the optimizer cost cap ($0.15) at 119 evaluations, …` (or the stop reason). */
function truncatedSourceText(source: SuiteCellResult): string {
  if (source.stop !== undefined) return describeCellStop(source.stop);
  return `stopped short (${source.stopReason ?? 'a cap'})`;
}
