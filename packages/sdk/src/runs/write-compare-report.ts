import { loadReportData, type RunReportData, renderCompareReport } from '@forge/report';
import { guardStore, openRunDatabase, writeFileSafely } from '@forge/store';

/** Writes one page comparing several runs (score curves overlaid, cost by run) and returns its path. */
export function writeCompareReport(
  runDirs: readonly string[],
  out: string,
  now: Date = new Date(),
): string {
  const runs: RunReportData[] = runDirs.map((runDir) => {
    const database = openRunDatabase(runDir, { readonly: true });
    try {
      return guardStore(runDir, () => loadReportData(database, runDir, { now }));
    } finally {
      database.close();
    }
  });
  const html = renderCompareReport(runs, now.toISOString());
  guardStore('.', () => writeFileSafely(out, html), out, { resumable: false });
  return out;
}
