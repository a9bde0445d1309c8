import { join } from 'node:path';
import { loadReportData, renderRunReport } from '@forge/report';
import { guardStore, openRunDatabase, writeFileSafely } from '@forge/store';

/**
 * Writes the HTML report of a run (default `<runDir>/report.html`) and returns its path. Reads
 * the database only (a run being written can be reported); a damaged database is a `StoreError`
 * saying how to check and restore it.
 */
export function writeReport(runDir: string, out: string = join(runDir, 'report.html')): string {
  const database = openRunDatabase(runDir, { readonly: true });
  let html: string;
  try {
    html = guardStore(runDir, () => renderRunReport(loadReportData(database, runDir)), runDir, {
      resumable: false,
    });
  } finally {
    database.close();
  }
  // The default report lives in the run directory and may not leave it; `--out` is the user's path.
  const within = out === join(runDir, 'report.html') ? { within: runDir } : {};
  guardStore(runDir, () => writeFileSafely(out, html, within), out, { resumable: false });
  return out;
}
