import type { GrpoResults, SuiteLabels, SuiteResults, SuiteSpec, SuiteTable } from '@forge/suite';
import type { SuiteCellDetails } from './suite-cell-details.js';

/** Everything the suite report draws, as plain data (the sdk assembles it from the suite directory). */
export interface SuiteReportData {
  /** The suite's `results.json`. */
  readonly results: SuiteResults;
  /** What the suite compares (benchmarks, methods, models, seeds, alignment, transfer). */
  readonly spec: SuiteSpec;
  /** The suite's tables (main comparison, ablation, transfer, details), as `suiteTables` made them. */
  readonly tables: readonly SuiteTable[];
  /** Method and benchmark titles. */
  readonly labels: SuiteLabels;
  /** Each cell's own report (or result file), relative to the suite report; absent when it has none yet. */
  readonly cellLinks: Readonly<Record<string, string>>;
  /**
   * What each cell's run database says beyond `results.json` (wall time, failure modes, test
   * scores per instance), by cell id, read when the report is drawn (`readSuiteCellDetails`).
   * Absent or missing a cell: those panels say the data is not available.
   */
  readonly cellDetails?: Readonly<Record<string, SuiteCellDetails>>;
  /**
   * What produced the tables, one sentence per line (Forge versions, config digest, settings,
   * date of the results: `provenanceLines`), shown in the footer; absent, the footer names only
   * the suite.
   */
  readonly provenance?: readonly string[];
  /**
   * A GRPO result file (validated against the suite): its training curves are drawn as Figure 4
   * (Table 4's training column is among `tables`).
   */
  readonly grpo?: GrpoResults;
}
