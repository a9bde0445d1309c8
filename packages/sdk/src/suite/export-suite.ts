import { resolve } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import { guardStore, writeFileSafely } from '@forge/store';
import {
  type GrpoResults,
  renderSuiteLatex,
  type SuiteProvenance,
  type TableEntry,
  tableEntries,
} from '@forge/suite';
import { suiteGrpoResults } from './read-grpo-results.js';
import {
  readSavedSuiteReport,
  readSuiteResultsFile,
  suiteTablesOf,
} from './read-saved-suite-report.js';
import { readSuiteCells } from './suite-cell-reading.js';
import { suiteResultsFileName } from './suite-directory.js';
import { cellsCsv, entriesCsv, instancesCsv } from './suite-export-csv.js';
import {
  exportCells,
  exportInstances,
  type SuiteExportCell,
  type SuiteExportInstance,
} from './suite-export-rows.js';
import { suiteProvenanceOf } from './suite-provenance-of.js';

/** The formats of `exportSuite`. */
export const suiteExportFormats = ['csv', 'json', 'latex'] as const;
/** A format of `exportSuite`. */
export type SuiteExportFormat = (typeof suiteExportFormats)[number];
/** The tables of a CSV export. */
export const suiteExportTables = ['instances', 'cells', 'entries'] as const;
/** A table of a CSV export. */
export type SuiteExportTable = (typeof suiteExportTables)[number];

/** The version of the JSON export's layout. */
export const suiteExportSchemaVersion = 1;

/** `exportSuite`'s JSON document (`--format json`). */
export interface SuiteExportDocument {
  /** Layout version (`suiteExportSchemaVersion`). */
  readonly schemaVersion: typeof suiteExportSchemaVersion;
  /** What this is. */
  readonly kind: 'forge-suite-export';
  /** What produced the numbers: Forge versions, config digest, settings, date, simulated. */
  readonly provenance: SuiteProvenance;
  /** One entry per cell of the plan, in plan order. */
  readonly cells: readonly SuiteExportCell[];
  /** One entry per cell and test instance it scored. */
  readonly instances: readonly SuiteExportInstance[];
  /** Every table entry (mean over seeds) with its interval and paired test. */
  readonly entries: readonly TableEntry[];
  /** The GRPO result file the tables read, as validated (absent without one). */
  readonly grpo?: GrpoResults;
}

/** Options of `exportSuite`. */
export interface ExportSuiteOptions {
  /** `csv` (one table, `table`), `json` (everything) or `latex` (the Tables 1–4 shapes). */
  readonly format: SuiteExportFormat;
  /** The CSV's table: `instances` (default), `cells` or `entries`. */
  readonly table?: SuiteExportTable;
  /** A file to write it to (atomically; never through a symbolic link); else only returned. */
  readonly out?: string;
  /** A GRPO result file (Table 4's training column); default the suite's `grpo/results.json`, if any. */
  readonly grpo?: string;
}

/** What `exportSuite` produced. */
export interface ExportSuiteResult {
  /** The suite directory, absolute. */
  readonly dir: string;
  /** The export's text. */
  readonly text: string;
  /** The file written, absolute, when `out` was given. */
  readonly file?: string;
}

/**
 * Exports a suite's numbers for a paper (`forge suite export`): from its `results.json`, saved
 * config and each finished cell's run database (read-only: per-instance test scores, usage by
 * role, wall time), as tidy CSV (one table: a row per cell × test instance, per cell, or per
 * table entry with its statistics), one JSON document with all three and the provenance, or
 * LaTeX tables shaped like the paper's Tables 1–4. Runs nothing and needs no method or benchmark
 * package. The columns and the statistics are documented in docs/suite-export.md.
 * @throws InvalidArgumentError for an unknown format or table, or a directory without results.
 */
export function exportSuite(suiteDir: string, options: ExportSuiteOptions): ExportSuiteResult {
  if (!(suiteExportFormats as readonly string[]).includes(options.format)) {
    throw new InvalidArgumentError({
      argument: 'format',
      message: `format: "${options.format}" is not one of ${suiteExportFormats.join(', ')}`,
    });
  }
  const table = options.table ?? 'instances';
  if (!(suiteExportTables as readonly string[]).includes(table)) {
    throw new InvalidArgumentError({
      argument: 'table',
      message: `table: "${table}" is not one of ${suiteExportTables.join(', ')}`,
    });
  }
  if (options.table !== undefined && options.format !== 'csv') {
    throw new InvalidArgumentError({
      argument: 'table',
      message: 'table: only a CSV export holds one table (JSON holds all three)',
    });
  }
  const saved = readSavedSuiteReport(suiteDir);
  const results = readSuiteResultsFile(saved.dir);
  if (results === undefined) {
    throw new InvalidArgumentError({
      argument: 'dir',
      message: `dir: ${saved.dir} has no ${suiteResultsFileName} yet (no cell has finished)`,
    });
  }
  const { cellDetails, instanceScores } = readSuiteCells(saved.dir, results, { usage: true });
  const rows = { results, cellDetails, config: saved.config };
  const grpo = suiteGrpoResults(saved.dir, saved.spec, options.grpo);
  const tables = suiteTablesOf(saved, results, instanceScores, grpo === undefined ? {} : { grpo });
  const provenance = suiteProvenanceOf({ results, settings: saved.settings, cellDetails });
  let text: string;
  if (options.format === 'latex') {
    text = renderSuiteLatex(tables, provenance);
  } else if (options.format === 'json') {
    const document: SuiteExportDocument = {
      schemaVersion: suiteExportSchemaVersion,
      kind: 'forge-suite-export',
      provenance,
      cells: exportCells(rows),
      instances: exportInstances(rows),
      entries: tableEntries(tables),
      ...(grpo === undefined ? {} : { grpo }),
    };
    text = `${JSON.stringify(document, null, 2)}\n`;
  } else {
    text =
      table === 'cells'
        ? cellsCsv(exportCells(rows))
        : table === 'entries'
          ? entriesCsv(tableEntries(tables))
          : instancesCsv(exportInstances(rows));
  }
  if (options.out === undefined) return { dir: saved.dir, text };
  const file = resolve(options.out);
  guardStore('.', () => writeFileSafely(file, text), file, { resumable: false });
  return { dir: saved.dir, text, file };
}
