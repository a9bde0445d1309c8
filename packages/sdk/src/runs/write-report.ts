import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openRunDatabase } from '@forge/store';
import { renderRunReport } from '../report/index.js';
import { loadReportData } from '../report-data/load-report-data.js';

/** Writes the HTML report of a run (default `<runDir>/report.html`) and returns its path. */
export function writeReport(runDir: string, out: string = join(runDir, 'report.html')): string {
  const database = openRunDatabase(runDir, { readonly: true });
  try {
    writeFileSync(out, renderRunReport(loadReportData(database, runDir)));
  } finally {
    database.close();
  }
  return out;
}
