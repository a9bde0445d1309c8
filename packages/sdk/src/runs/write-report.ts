import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadReportData, renderRunReport } from '@forge/report';
import { guardStore, openRunDatabase } from '@forge/store';

/**
 * Writes the HTML report of a run (default `<runDir>/report.html`) and returns its path. Reads
 * the database only (a run being written can be reported); a damaged database is a `StoreError`
 * saying how to check and restore it.
 */
export function writeReport(runDir: string, out: string = join(runDir, 'report.html')): string {
  const database = openRunDatabase(runDir, { readonly: true });
  let html: string;
  try {
    html = guardStore(runDir, () => renderRunReport(loadReportData(database, runDir)));
  } finally {
    database.close();
  }
  guardStore(runDir, () => writeFileSync(out, html), out, { resumable: false });
  return out;
}
