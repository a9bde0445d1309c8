import type { CellFilter, RefusedCell, Shard, SuiteResults, SuiteTable } from '@forge/suite';
import type { SuiteRunEvent } from './suite-run-events.js';

/** Options of `runSuite` besides the config. */
export interface RunSuiteOptions {
  /** The suite directory: `suite.json`, `plan.json`, `results.json`, tables, `cells/<id>/` run directories. */
  readonly dir: string;
  /** Continue the suite in `dir`: done cells are never run again, cut cells continue. */
  readonly resume?: boolean;
  /** Run only the cells matching this filter (`benchmark=…,method=…`), and what they need. */
  readonly only?: string | CellFilter;
  /** Run only these cell ids, and what they need. */
  readonly cells?: readonly string[];
  /** Run only this shard's rows (`i/n`). */
  readonly shard?: string | Shard;
  /** Where the config came from, for error messages. Default `<options>`. */
  readonly configFile?: string;
  /** The line of a config field in `configFile`. */
  readonly configLineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** Receives every event: the suite's, and each cell's own (`cell-progress`). */
  readonly onEvent?: (event: SuiteRunEvent) => void;
  /** Graceful stop: the running cell stops after its current step, saves, and the suite ends. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight calls are aborted; every cell stays at its last save. */
  readonly abortSignal?: AbortSignal;
  /** Environment to read API keys from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
  /**
   * On `resume` without a config, import the modules `suite.json` names (provider modules,
   * benchmark programs) and use the model endpoints it records without their being given again
   * (the modules run as code, the endpoints receive your keys: only for a suite that is yours).
   * Default false.
   */
  readonly trustRunModules?: boolean;
  /**
   * Model servers this call vouches for (`--base-url`): on `resume` without a config, a server
   * `suite.json` records is sent this machine's keys only when it is one of these, in the
   * environment (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `OLLAMA_HOST`), or with
   * `trustRunModules`.
   */
  readonly endpoints?: readonly string[];
}

/** What a suite invocation ended with. */
export interface RunSuiteResult {
  /** The suite directory. */
  readonly dir: string;
  /** Every cell's result (`results.json`). */
  readonly results: SuiteResults;
  /** The tables written. */
  readonly tables: readonly SuiteTable[];
  /** Files written, relative to `dir`. */
  readonly files: readonly string[];
  /**
   * What the user should read about the files, one sentence each: every transfer row the GRPO
   * export skipped (its source stopped at a cap, or not finished) or exported flagged (a stopped
   * source under `alignment.allowTruncatedCeilings`); `grpo/export.json` lists them all.
   */
  readonly notes: readonly string[];
  /** Cells run by this invocation. */
  readonly ran: readonly string[];
  /** Cells that failed (of the ones this invocation visited). */
  readonly failed: readonly string[];
  /**
   * Cells refused because the reference that would set their ceiling (or the source of their
   * data) was stopped by a cap — none when the suite sets `alignment.allowTruncatedCeilings`.
   * `forge suite` exits 2 naming both.
   */
  readonly refused: readonly RefusedCell[];
  /** True when a stop request ended it early. */
  readonly stopped: boolean;
}
