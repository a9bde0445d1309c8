import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readSuiteCellDetails, renderSuiteReport, type SuiteCellDetails } from '@forge/report';
import {
  type GrpoResults,
  provenanceLines,
  type SuiteLabels,
  type SuiteProvenance,
  type SuiteResults,
  type SuiteSpec,
  type SuiteTable,
} from '@forge/suite';

/**
 * The HTML suite report of a suite directory's results, linking every cell's own report (Forge's
 * variants write one; other methods at least a `result.json`). Reads the directory to find those
 * links and each cell's run database (read-only) for what `results.json` does not hold — wall
 * time, failure modes before the first and final synthesis events, test scores per instance — so
 * none of it enters the compared results; writes nothing.
 */
export function suiteReportHtml(options: {
  readonly dir: string;
  readonly results: SuiteResults;
  readonly spec: SuiteSpec;
  readonly tables: readonly SuiteTable[];
  readonly labels?: SuiteLabels;
  /** The cells' details when already read (`readSuiteCells`); read here otherwise. */
  readonly cellDetails?: Readonly<Record<string, SuiteCellDetails>>;
  /** What produced the tables, for the report's footer. */
  readonly provenance?: SuiteProvenance;
  /** A GRPO result file: Figure 4. */
  readonly grpo?: GrpoResults;
}): string {
  const cellLinks: Record<string, string> = {};
  for (const cell of options.results.cells) {
    for (const name of ['report.html', 'result.json']) {
      if (existsSync(join(options.dir, cell.runDir, name))) {
        cellLinks[cell.id] = `${cell.runDir}/${name}`;
        break;
      }
    }
  }
  return renderSuiteReport({
    results: options.results,
    spec: options.spec,
    tables: options.tables,
    labels: options.labels ?? {},
    cellLinks,
    cellDetails: options.cellDetails ?? readSuiteCellDetails(options.dir, options.results.cells),
    ...(options.grpo === undefined ? {} : { grpo: options.grpo }),
    ...(options.provenance === undefined
      ? {}
      : { provenance: provenanceLines(options.provenance) }),
  });
}
