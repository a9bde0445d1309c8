import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import {
  mergeSuiteResults,
  parseSuiteResults,
  planSuite,
  resultOutsidePlan,
  type SuiteResults,
  type SuiteTable,
} from '@forge/suite';
import { withRecordedStops } from './cell-stop.js';
import { checkPlainTree, copyPlainTree, type PlainTree } from './copy-plain-tree.js';
import { suiteGrpoResultsOrProblem } from './read-grpo-results.js';
import { suiteConfigSchema } from './suite-config-schema.js';
import {
  isSuiteDirectory,
  loadSavedSuite,
  saveSuite,
  suitePlanFileName,
  suiteResultsFileName,
  writeSuiteFile,
} from './suite-directory.js';
import { suiteSettings } from './suite-settings.js';
import { suiteSpecOf } from './suite-spec-of.js';
import { writeSuiteOutputs } from './write-suite-outputs.js';

/** What `mergeSuites` produced. */
export interface MergeSuitesResult {
  /** The merged suite directory. */
  readonly dir: string;
  /** The merged results. */
  readonly results: SuiteResults;
  /** The tables written. */
  readonly tables: readonly SuiteTable[];
  /** Files written, relative to `dir` (cell directories not listed). */
  readonly files: readonly string[];
  /** Cell directories copied in, by cell id → the shard they came from. */
  readonly copied: Readonly<Record<string, string>>;
}

/**
 * Combines the shard directories of one suite (`forge suite --shard i/n` on several machines)
 * into one suite directory: the merged `results.json` (a cell's done result wins; two different
 * done results, or shards of another suite, are refused), each finished cell's run directory
 * copied from its shard (so reports and `--resume` work in the merged directory), and the tables.
 * The merged suite equals the suite run unsharded.
 */
export async function mergeSuites(
  shardDirs: readonly string[],
  options: { readonly dir: string },
): Promise<MergeSuitesResult> {
  const dir = resolve(options.dir);
  if (shardDirs.length === 0) {
    throw new InvalidArgumentError({
      argument: 'shards',
      message: 'shards: give at least one shard directory',
    });
  }
  if (isSuiteDirectory(dir)) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${dir} already holds a suite; merge into a new directory`,
    });
  }
  const shards = shardDirs.map((shard) => {
    const shardDir = resolve(shard);
    const saved = loadSavedSuite(shardDir);
    const file = join(shardDir, suiteResultsFileName);
    if (!existsSync(file)) {
      throw new InvalidArgumentError({
        argument: 'shards',
        message: `shards: ${shardDir} has no ${suiteResultsFileName} (did its suite run?)`,
      });
    }
    return {
      dir: shardDir,
      saved,
      file,
      // An older shard's capped cells read as stopped, as this invocation would record them.
      results: withRecordedStops(
        parseSuiteResults(readFileSync(file, 'utf8'), file),
        suiteConfigSchema.parse(saved.config),
      ),
    };
  });
  const merged = mergeSuiteResults(
    shards.map((shard) => ({ file: shard.file, results: shard.results })),
  );
  const first = shards[0] as (typeof shards)[number];
  // Validated when the shard started; merging needs no method or benchmark package installed.
  const config = suiteConfigSchema.parse(first.saved.config);
  const spec = suiteSpecOf(config);
  // A shard's results and files may come from anyone: every cell must be one of the plan's, in
  // its own directory, and every tree to copy is checked whole before anything is written.
  const plan = planSuite(spec);
  for (const shard of shards) {
    const outside = resultOutsidePlan(new Map(shard.results.cells.map((cell) => [cell.id, cell])), {
      cells: plan.cells,
      maxEvaluations: config.budget.maxEvaluations,
    });
    if (outside !== undefined) {
      throw new InvalidArgumentError({
        argument: 'shards',
        message: `shards: ${shard.file}: ${outside.reason}; nothing was merged`,
      });
    }
  }
  const copies: { id: string; shard: string; tree: PlainTree; to: string }[] = [];
  for (const cell of merged.cells) {
    if (cell.status === 'pending') continue;
    const shard = shards.find((candidate) =>
      candidate.results.cells.some(
        (other) => other.id === cell.id && JSON.stringify(other) === JSON.stringify(cell),
      ),
    );
    if (shard === undefined) continue;
    if (!existsSync(join(shard.dir, cell.runDir))) continue;
    const tree = checkPlainTree(shard.dir, cell.runDir, 'forge suite merge');
    copies.push({ id: cell.id, shard: shard.dir, tree, to: join(dir, cell.runDir) });
  }
  // GRPO exports are per row, and rows never span shards.
  const exports = shards
    .filter((shard) => existsSync(join(shard.dir, 'grpo')))
    .map((shard) => checkPlainTree(shard.dir, 'grpo', 'forge suite merge'));
  const copied: Record<string, string> = {};
  for (const copy of copies) {
    copyPlainTree(copy.tree, copy.to);
    copied[copy.id] = copy.shard;
  }
  for (const tree of exports) copyPlainTree(tree, join(dir, 'grpo'));
  saveSuite(dir, first.saved);
  writeSuiteFile(dir, suitePlanFileName, `${JSON.stringify(plan, null, 2)}\n`);
  const written = writeSuiteOutputs({
    dir,
    results: merged,
    spec,
    labels: first.saved.labels,
    settings: suiteSettings(config),
    ...suiteGrpoResultsOrProblem(dir, spec),
  });
  return {
    dir,
    results: merged,
    tables: written.tables,
    files: ['suite.json', suitePlanFileName, ...written.files],
    copied,
  };
}
