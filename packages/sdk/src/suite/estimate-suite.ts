import type { Method } from '@forge/method';
import { parseCellFilter, parseShard, type SuiteCell, selectCells } from '@forge/suite';
import { parseForgeConfig } from '../config/load-config.js';
import {
  estimateWithMethod,
  measureTaskPrompt,
  type RoleEstimate,
  type RunEstimate,
  type TaskPromptSize,
} from '../estimate/estimate-run.js';
import { cellRunConfig } from './cell-run-config.js';
import { prepareSuite } from './prepare-suite.js';
import type { RunSuiteOptions } from './run-suite.js';
import type { SuiteInput } from './suite-config-schema.js';

/** One cell's share of a suite estimate. */
export interface SuiteCellEstimate {
  /** The cell. */
  readonly cell: SuiteCell;
  /** Its estimate (aligned cells counted at the suite's cap). */
  readonly estimate: RunEstimate;
}

/** What `forge suite --dry-run` prints: an upper bound for the selected cells. */
export interface SuiteEstimate {
  /** Cells estimated (the selection and what it needs). */
  readonly cells: readonly SuiteCellEstimate[];
  /** Task evaluations over every cell. */
  readonly evaluations: number;
  /** Calls, tokens and USD by role and model, summed over the cells. */
  readonly roles: readonly RoleEstimate[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Models without a price (counted as 0). */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words. */
  readonly assumptions: readonly string[];
}

/**
 * Estimates calls, tokens and cost of a whole suite (or the selected part) before anything is
 * spent: validates and plans it as `runSuite` does, measures each benchmark's task prompts once,
 * and adds up each cell's method estimate. An aligned cell's real ceiling is its reference's
 * completed count, known only after the reference ran, so it is counted at the suite's cap: the
 * total is an upper bound.
 */
export async function estimateSuite(
  config: SuiteInput,
  options: Pick<
    RunSuiteOptions,
    'only' | 'cells' | 'shard' | 'configFile' | 'configLineOf' | 'environment'
  > = {},
): Promise<SuiteEstimate> {
  const suite = await prepareSuite(
    {
      file: options.configFile ?? '<options>',
      value: config,
      ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
    },
    options.environment === undefined ? {} : { environment: options.environment },
  );
  const { cells } = selectCells(suite.plan, {
    ...(options.only === undefined
      ? {}
      : { only: typeof options.only === 'string' ? parseCellFilter(options.only) : options.only }),
    ...(options.cells === undefined ? {} : { cells: options.cells }),
    ...(options.shard === undefined
      ? {}
      : { shard: typeof options.shard === 'string' ? parseShard(options.shard) : options.shard }),
  });
  const prompts = new Map<string, TaskPromptSize>();
  const estimates: SuiteCellEstimate[] = [];
  for (const cell of cells) {
    const loaded = suite.benchmarks.get(cell.benchmark);
    if (loaded === undefined) continue;
    let prompt = prompts.get(cell.benchmark);
    if (prompt === undefined) {
      prompt = await measureTaskPrompt(loaded.benchmark, loaded.splits.train);
      prompts.set(cell.benchmark, prompt);
    }
    const method = suite.methods.get(cell.method) as Method;
    const runConfig = parseForgeConfig({
      file: suite.file,
      value: cellRunConfig({
        config: suite.config,
        cell,
        ceiling: null,
        runDir: '<estimate>',
        methodRoles: method.roles,
      }),
    });
    estimates.push({
      cell,
      estimate: estimateWithMethod({
        config: runConfig,
        method,
        benchmarkId: cell.benchmark,
        benchmark: loaded.benchmark,
        sizes: {
          train: loaded.splits.train.length,
          validation: loaded.splits.validation.length,
          test: loaded.splits.test.length,
        },
        prompt,
      }),
    });
  }
  const roles = new Map<string, RoleEstimate>();
  const unpriced = new Set<string>();
  for (const { estimate } of estimates) {
    for (const model of estimate.unpricedModels) unpriced.add(model);
    for (const role of estimate.roles) {
      const key = `${role.role}\u0000${role.model}`;
      const sum = roles.get(key);
      roles.set(
        key,
        sum === undefined
          ? role
          : {
              ...sum,
              calls: sum.calls + role.calls,
              inputTokens: sum.inputTokens + role.inputTokens,
              outputTokens: sum.outputTokens + role.outputTokens,
              usd: sum.usd === undefined || role.usd === undefined ? undefined : sum.usd + role.usd,
            },
      );
    }
  }
  const aligned = cells.filter((cell) => cell.ceilingFrom !== null).length;
  return {
    cells: estimates,
    evaluations: estimates.reduce((total, { estimate }) => total + estimate.evaluations, 0),
    roles: [...roles.values()],
    usd: estimates.reduce((total, { estimate }) => total + estimate.usd, 0),
    unpricedModels: [...unpriced],
    assumptions: [
      `${estimates.length} cell(s) of ${suite.plan.cells.length}; each cell's figures come from its method's estimate (see the per-cell assumptions)`,
      ...(aligned === 0
        ? []
        : [
            `${aligned} aligned cell(s) counted at the suite's cap (${suite.config.budget.maxEvaluations}): their ceiling is the reference's completed count, known only once it ran, so the real spend is lower`,
          ]),
      ...(suite.spec.transfer === undefined
        ? []
        : [
            'augmented transfer arms counted with the original training size: the admitted data is not known in advance',
          ]),
      'cached calls cost nothing, so a resumed suite costs less',
    ],
  };
}
