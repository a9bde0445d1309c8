import type { SuiteCellDetails } from '@forge/report';
import {
  forgePackageName,
  type SuiteCellResult,
  type SuiteCellStop,
  type SuiteResults,
} from '@forge/suite';
import type { SuiteConfig } from './suite-config-schema.js';

/** What a cell's run spent in one role. */
export interface SuiteExportRoleUsage {
  /** Calls that reached the provider. */
  readonly calls: number;
  /** Calls answered from the run's response cache (no tokens billed). */
  readonly cachedCalls: number;
  /** Prompt tokens billed. */
  readonly inputTokens: number;
  /** Completion tokens billed (reasoning included). */
  readonly outputTokens: number;
  /** USD at the role model's price (0 for unpriced models). */
  readonly costUsd: number;
}

/** One cell of the suite, as `forge suite export` writes it (one row of `cells`). */
export interface SuiteExportCell {
  /** The suite's name. */
  readonly suite: string;
  /** The cell's id (also its directory under `cells/`). */
  readonly cell: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** The method's `profile` setting in the suite's `methodSettings` (`paper`, `reference`); null: its default. */
  readonly profile: string | null;
  /** Training data: `original` or `augmented`. */
  readonly arm: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seed. */
  readonly seed: number;
  /** The cell's status, as `results.json` has it: `done`, `stopped` (a cap cut it short), `failed`, `pending`. */
  readonly status: string;
  /** Why the method stopped (`results.json`'s `stopReason`), when it ran. */
  readonly stopReason: string | null;
  /** What went wrong (failed) or why it waits (pending). */
  readonly error: string | null;
  /**
   * The limit that cut its run short and where it stood (`{ by, limit, at }`), when `results.json`
   * records one: a cell stopped by a cap, or a pending one stopped part-way on request; null
   * otherwise.
   */
  readonly stop: SuiteCellStop | null;
  /**
   * Dependencies a cap stopped short whose ceiling or data it ran on (flagged §, under
   * `alignment.allowTruncatedCeilings`) or — on a pending cell — was refused for; empty otherwise.
   */
  readonly stoppedDependencies: readonly string[];
  /** The B.4 ceiling it ran under (null for the reference and controls). */
  readonly ceiling: number | null;
  /** The evaluation cap it was given. */
  readonly maxEvaluations: number | null;
  /** Task evaluations the method spent. */
  readonly evaluationsUsed: number | null;
  /** True when it spent more than its ceiling. */
  readonly exceededCeiling: boolean;
  /** The seed candidate's mean validation score (0–1). */
  readonly seedValidation: number | null;
  /** The selected candidate's mean validation score (0–1). */
  readonly bestValidation: number | null;
  /** The seed candidate's mean test score (0–1). */
  readonly seedTest: number | null;
  /** The selected candidate's mean test score (0–1): the tables' number. */
  readonly bestTest: number | null;
  /** Test instances scored per instance in its run database (null: not read). */
  readonly testInstances: number | null;
  /** Evaluations per test instance (AIME: 3). */
  readonly testRepeats: number | null;
  /** The candidate whose test scores these are. */
  readonly testCandidate: number | null;
  /** USD over every role. */
  readonly costUsd: number | null;
  /** The optimizer roles' share of it. */
  readonly optimizerCostUsd: number | null;
  /** Prompt tokens billed over every role (`results.json`'s `tokens.input`). */
  readonly inputTokens: number | null;
  /** Completion tokens billed over every role (`results.json`'s `tokens.output`). */
  readonly outputTokens: number | null;
  /** Calls, tokens and USD by role, read from its run database (empty when not read). */
  readonly usageByRole: Readonly<Record<string, SuiteExportRoleUsage>>;
  /** How long its run ran, in seconds (pauses between a stop and its resume left out). */
  readonly wallTimeSeconds: number | null;
  /** How many times its run was started. */
  readonly invocations: number | null;
  /** Its first recorded activity (ISO 8601). */
  readonly startedAt: string | null;
  /** Its last recorded activity (ISO 8601). */
  readonly endedAt: string | null;
  /** Extra training instances (the augmented arm). */
  readonly extraTraining: number | null;
  /** Synthesis events (methods that synthesize). */
  readonly synthesisEvents: number | null;
  /** Generation attempts. */
  readonly synthesisAttempts: number | null;
  /** Instances admitted. */
  readonly synthesisAdmitted: number | null;
  /** The Forge version that produced it (`versions['@forge/sdk']`), null when not recorded. */
  readonly forgeVersion: string | null;
  /** Every package version it records, by package name. */
  readonly versions: Readonly<Record<string, string>>;
  /** True when any of its models was simulated. */
  readonly simulated: boolean;
  /** What a reader must know about it. */
  readonly notes: readonly string[];
}

/** One test instance of one cell (one row of `instances`). */
export interface SuiteExportInstance {
  /** The suite's name. */
  readonly suite: string;
  /** The cell's id. */
  readonly cell: string;
  /** Benchmark id. */
  readonly benchmark: string;
  /** Method id. */
  readonly method: string;
  /** The method's `profile` setting; null: its default. */
  readonly profile: string | null;
  /** Training data arm. */
  readonly arm: string;
  /** Task-model label. */
  readonly taskModel: string;
  /** Optimizer-model label. */
  readonly optimizerModel: string;
  /** Seed. */
  readonly seed: number;
  /** The test instance's id. */
  readonly instance: string;
  /** The selected candidate's score on it (0–1), the mean over its repeats. */
  readonly score: number;
  /** Evaluations it is the mean of. */
  readonly repeats: number;
  /** The cell's status. */
  readonly status: string;
}

/**
 * A cell's status fields, in one place so every export carries the same: its status, why it
 * stopped or waits, and — when its result records them — the cap that stopped it and the
 * stopped dependencies it ran on, passed through as `results.json` has them.
 */
function statusFields(cell: SuiteCellResult) {
  return {
    status: cell.status,
    stopReason: cell.stopReason ?? null,
    error: cell.error ?? null,
    stop: cell.stop ?? null,
    stoppedDependencies: cell.stoppedDependencies ?? [],
  };
}

/** The `profile` a suite config gives a method, when it gives one. */
function profileOf(config: SuiteConfig | undefined, method: string): string | null {
  const settings = config?.methodSettings?.[method];
  const profile = settings === undefined ? undefined : settings['profile'];
  return typeof profile === 'string' ? profile : null;
}

/** One export row per cell, from `results.json` and what its run database says. */
export function exportCells(options: {
  readonly results: SuiteResults;
  readonly cellDetails: Readonly<Record<string, SuiteCellDetails>>;
  readonly config?: SuiteConfig;
}): SuiteExportCell[] {
  const { results } = options;
  return results.cells.map((cell) => {
    const details = Object.hasOwn(options.cellDetails, cell.id)
      ? options.cellDetails[cell.id]
      : undefined;
    const test = details?.test;
    const wallTime = details?.wallTime;
    const usageByRole: Record<string, SuiteExportRoleUsage> = {};
    for (const [role, usage] of Object.entries(details?.usage?.byRole ?? {})) {
      Object.defineProperty(usageByRole, role, {
        value: {
          calls: usage.calls,
          cachedCalls: usage.cachedCalls,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          costUsd: usage.costUsd,
        },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return {
      suite: results.suite.name,
      cell: cell.id,
      benchmark: cell.benchmark,
      method: cell.method,
      profile: profileOf(options.config, cell.method),
      arm: cell.arm,
      taskModel: cell.taskModel,
      optimizerModel: cell.optimizerModel,
      seed: cell.seed,
      ...statusFields(cell),
      ceiling: cell.ceiling,
      maxEvaluations: cell.maxEvaluations,
      evaluationsUsed: cell.evaluationsUsed,
      exceededCeiling: cell.exceededCeiling,
      seedValidation: cell.seedValidation,
      bestValidation: cell.bestValidation,
      seedTest: cell.seedTest,
      bestTest: cell.bestTest,
      testInstances: test === undefined ? null : Object.keys(test.scores).length,
      testRepeats: test?.repeats ?? null,
      testCandidate: test?.candidate ?? null,
      costUsd: cell.costUsd,
      optimizerCostUsd: cell.optimizerCostUsd,
      inputTokens: cell.tokens?.input ?? null,
      outputTokens: cell.tokens?.output ?? null,
      usageByRole,
      wallTimeSeconds: wallTime === undefined ? null : wallTime.milliseconds / 1000,
      invocations: wallTime?.invocations ?? null,
      startedAt: wallTime?.startedAt ?? null,
      endedAt: wallTime?.endedAt ?? null,
      extraTraining: cell.extraTraining ?? null,
      synthesisEvents: cell.synthesis?.events ?? null,
      synthesisAttempts: cell.synthesis?.attempts ?? null,
      synthesisAdmitted: cell.synthesis?.admitted ?? null,
      forgeVersion: cell.versions?.[forgePackageName] ?? null,
      versions: cell.versions ?? {},
      simulated: cell.simulated,
      notes: cell.notes ?? [],
    };
  });
}

/** One export row per cell and test instance it scored, in cell order then instance id order. */
export function exportInstances(options: {
  readonly results: SuiteResults;
  readonly cellDetails: Readonly<Record<string, SuiteCellDetails>>;
  readonly config?: SuiteConfig;
}): SuiteExportInstance[] {
  const { results } = options;
  return results.cells.flatMap((cell) => {
    const test = Object.hasOwn(options.cellDetails, cell.id)
      ? options.cellDetails[cell.id]?.test
      : undefined;
    if (test === undefined) return [];
    return Object.keys(test.scores)
      .sort()
      .map((instance) => ({
        suite: results.suite.name,
        cell: cell.id,
        benchmark: cell.benchmark,
        method: cell.method,
        profile: profileOf(options.config, cell.method),
        arm: cell.arm,
        taskModel: cell.taskModel,
        optimizerModel: cell.optimizerModel,
        seed: cell.seed,
        instance,
        score: test.scores[instance] as number,
        repeats: test.repeats,
        status: cell.status,
      }));
  });
}
