import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadReportData, renderRunReport } from '@forge/report';
import { openRunDatabase } from '@forge/store';

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
