import type { Method } from '@forge/method';
import { parseCellFilter, parseShard, type SuiteCell, selectCells } from '@forge/suite';
import { parseForgeConfig } from '../config/load-config.js';
import {
  estimateThroughput,
  estimateWithMethod,
  measureTaskPrompt,
  type RoleEstimate,
  type RunEstimate,
  simulatedStandIn,
  type TaskPromptSize,
} from '../estimate/estimate-run.js';
import { createRunModels } from '../run/run-models.js';
import { cellRunConfig } from './cell-run-config.js';
import { cellsOverCaps, type SuiteCapExcess } from './cells-over-caps.js';
import { prepareSuite } from './prepare-suite.js';
import type { RunSuiteOptions } from './run-suite-options.js';
import type { SuiteInput } from './suite-config-schema.js';

/** One cell's share of a suite estimate. */
export interface SuiteCellEstimate {
  /** The cell. */
  readonly cell: SuiteCell;
  /** Its estimate (aligned cells counted at the suite's cap). */
  readonly estimate: RunEstimate;
}

/** One row of a suite estimate: a benchmark × method × role × model, summed over its cells. */
export interface SuiteEstimateRow extends RoleEstimate {
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** Cells summed (seeds, models, arms). */
  readonly cells: number;
}

/** What `forge suite --dry-run` prints: an upper bound for the selected cells. */
export interface SuiteEstimate {
  /** Cells estimated (the selection and what it needs). */
  readonly cells: readonly SuiteCellEstimate[];
  /** Calls, tokens, USD and wall time by benchmark × method × role × model, in plan order. */
  readonly rows: readonly SuiteEstimateRow[];
  /** Wall time of the selected cells run one after another, in seconds. */
  readonly wallSeconds: number;
  /** Upper bound: task evaluations over every cell (aligned cells at the suite's cap). */
  readonly evaluations: number;
  /** Where the upper bound comes from, in words (the caps). */
  readonly upperBoundBasis: string;
  /**
   * What the cells typically spend, summed: each cell's expected figure (an aligned cell at its
   * reference's expected count), with where it comes from.
   */
  readonly expected: SuiteExpectedEstimate;
  /** Calls, tokens and USD by role and model, summed over the cells. */
  readonly roles: readonly RoleEstimate[];
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Models without a price (counted as 0). */
  readonly unpricedModels: readonly string[];
  /** The assumptions, in words. */
  readonly assumptions: readonly string[];
  /**
   * Cells whose estimate exceeds a per-cell cap (optimizer USD or tokens, steps, wall time), one
   * entry per cap: run as configured, a cap would stop them short (`stopped`, a truncated run).
   */
  readonly overCaps: readonly SuiteCapExcess[];
}

/** The expected figure of a suite: its cells' expected figures, summed. */
export interface SuiteExpectedEstimate {
  /** Task evaluations of the cells' searches (test not counted). */
  readonly evaluations: number;
  /** Total USD of the priced roles. */
  readonly usd: number;
  /** Wall time of the cells one after another, in seconds, at the stated throughput. */
  readonly wallSeconds: number;
  /** Per method: cells, evaluations and USD, and where its expected figure comes from. */
  readonly methods: readonly SuiteExpectedMethod[];
}

/** One method's share of a suite's expected figure. */
export interface SuiteExpectedMethod {
  /** Method id. */
  readonly method: string;
  /** Cells of the method. */
  readonly cells: number;
  /** Task evaluations of its cells' searches. */
  readonly evaluations: number;
  /** USD of its cells. */
  readonly usd: number;
  /** Where its expected figure comes from (its first cell's basis). */
  readonly basis: string;
}

/** The cells' expected figures summed, overall and per method (in the order first met). */
export function suiteExpected(estimates: readonly SuiteCellEstimate[]): SuiteExpectedEstimate {
  const methods = new Map<string, SuiteExpectedMethod>();
  for (const { cell, estimate } of estimates) {
    const sum = methods.get(cell.method);
    methods.set(cell.method, {
      method: cell.method,
      cells: (sum?.cells ?? 0) + 1,
      evaluations: (sum?.evaluations ?? 0) + estimate.expected.evaluations,
      usd: (sum?.usd ?? 0) + estimate.expected.usd,
      basis: sum?.basis ?? estimate.expected.basis[0] ?? '',
    });
  }
  return {
    evaluations: estimates.reduce(
      (total, { estimate }) => total + estimate.expected.evaluations,
      0,
    ),
    usd: estimates.reduce((total, { estimate }) => total + estimate.expected.usd, 0),
    wallSeconds: estimates.reduce(
      (total, { estimate }) => total + estimate.expected.wallSeconds,
      0,
    ),
    methods: [...methods.values()],
  };
}

/**
 * Estimates calls, tokens and cost of a whole suite (or the selected part) before anything is
 * spent: validates and plans it as `runSuite` does, but loads the methods, data and models of
 * the selected cells only; sizes each benchmark's task calls once (never waiting on a server:
 * see `measureTaskPrompt`), and adds up each cell's method estimate. An aligned cell's real ceiling is its reference's
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
  const select = (plan: Parameters<typeof selectCells>[0]): readonly SuiteCell[] =>
    selectCells(plan, {
      ...(options.only === undefined
        ? {}
        : {
            only: typeof options.only === 'string' ? parseCellFilter(options.only) : options.only,
          }),
      ...(options.cells === undefined ? {} : { cells: options.cells }),
      ...(options.shard === undefined
        ? {}
        : {
            shard: typeof options.shard === 'string' ? parseShard(options.shard) : options.shard,
          }),
    }).cells;
  const suite = await prepareSuite(
    {
      file: options.configFile ?? '<options>',
      value: config,
      ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
    },
    { ...(options.environment === undefined ? {} : { environment: options.environment }), select },
  );
  const cells = suite.checked;
  const prompts = new Map<string, TaskPromptSize>();
  const byCell = new Map<string, SuiteCellEstimate>();
  // References first: an aligned cell's expected ceiling is its reference's expected count.
  const ordered = [
    ...cells.filter((cell) => cell.ceilingFrom === null),
    ...cells.filter((cell) => cell.ceilingFrom !== null),
  ];
  for (const cell of ordered) {
    const loaded = suite.benchmarks.get(cell.benchmark);
    if (loaded === undefined) continue;
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
    const promptKey = `${cell.benchmark}\u0000${cell.taskModel}`;
    let prompt = prompts.get(promptKey);
    if (prompt === undefined) {
      const models = createRunModels(runConfig, {
        roles: [],
        ...(options.environment === undefined ? {} : { environment: options.environment }),
      });
      try {
        prompt = await measureTaskPrompt(loaded.benchmark, loaded.splits.train, {
          ...simulatedStandIn(models.names['task'], models.task),
          ...(runConfig.estimateAnswerTokens === undefined
            ? {}
            : { answerTokens: runConfig.estimateAnswerTokens }),
        });
      } finally {
        models.close();
      }
      prompts.set(promptKey, prompt);
    }
    const reference =
      cell.ceilingFrom === null ? undefined : byCell.get(cell.ceilingFrom)?.estimate.expected;
    byCell.set(cell.id, {
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
        ...(reference === undefined ? {} : { expectedCeiling: reference.evaluations }),
        ...(options.environment === undefined ? {} : { environment: options.environment }),
      }),
    });
  }
  const estimates = cells.flatMap((cell) => {
    const estimate = byCell.get(cell.id);
    return estimate === undefined ? [] : [estimate];
  });
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
              wallSeconds: sum.wallSeconds + role.wallSeconds,
            },
      );
    }
  }
  const rows = new Map<string, SuiteEstimateRow>();
  for (const { cell, estimate } of estimates) {
    for (const role of estimate.roles) {
      const key = [cell.benchmark, cell.method, role.role, role.model].join('\u0000');
      const sum = rows.get(key);
      rows.set(
        key,
        sum === undefined
          ? { ...role, benchmark: cell.benchmark, method: cell.method, cells: 1 }
          : {
              ...sum,
              cells: sum.cells + 1,
              calls: sum.calls + role.calls,
              inputTokens: sum.inputTokens + role.inputTokens,
              outputTokens: sum.outputTokens + role.outputTokens,
              usd: sum.usd === undefined || role.usd === undefined ? undefined : sum.usd + role.usd,
              wallSeconds: sum.wallSeconds + role.wallSeconds,
            },
      );
    }
  }
  const aligned = cells.filter((cell) => cell.ceilingFrom !== null).length;
  return {
    cells: estimates,
    rows: [...rows.values()].sort(
      (a, b) =>
        suite.spec.benchmarks.indexOf(a.benchmark) - suite.spec.benchmarks.indexOf(b.benchmark) ||
        suite.spec.methods.indexOf(a.method) - suite.spec.methods.indexOf(b.method),
    ),
    wallSeconds: estimates.reduce(
      (total, { estimate }) =>
        total + estimate.roles.reduce((sum, role) => sum + role.wallSeconds, 0),
      0,
    ),
    evaluations: estimates.reduce((total, { estimate }) => total + estimate.evaluations, 0),
    upperBoundBasis: `the caps: each cell's most under its evaluation cap (${suite.config.budget.maxEvaluations.toLocaleString('en-US')}; aligned cells counted at it)`,
    expected: suiteExpected(estimates),
    roles: [...roles.values()],
    usd: estimates.reduce((total, { estimate }) => total + estimate.usd, 0),
    unpricedModels: [...unpriced],
    overCaps: cellsOverCaps(estimates, suite.config.budget),
    assumptions: [
      `${estimates.length} cell(s) of ${suite.plan.cells.length}; each cell's figures come from its method's estimate (see the per-cell assumptions)`,
      ...[...prompts].map(
        ([key, prompt]) =>
          `${key.split('\u0000')[0]}: ${prompt.callsPerEvaluation.toFixed(1)} task call(s) per evaluation on ${key.split('\u0000')[1]}, sized from ${prompt.basis}`,
      ),
      `wall time: each call in flight reads ${estimateThroughput.inputTokensPerSecond.toLocaleString('en-US')} prompt tokens/s and writes ${estimateThroughput.outputTokensPerSecond} output tokens/s; a role runs its model's concurrency (8 when unset) calls at once; roles and cells run one after another (shards, --queue workers and a faster server divide it)`,
      ...(aligned === 0
        ? []
        : [
            `${aligned} aligned cell(s) counted at the suite's cap (${suite.config.budget.maxEvaluations}) in the upper bound, and at their reference's expected count in the expected figure: their ceiling is the reference's completed count, known only once it ran`,
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
