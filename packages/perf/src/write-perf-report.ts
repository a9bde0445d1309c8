import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PerfReport } from './run-perf-harness.js';

/**
 * `artifacts/<folder>/perf-report.json` at the repository root (or under `FORGE_ARTIFACTS_DIR`):
 * the folder CI keeps and git ignores, as the report package's screenshots do.
 */
export function defaultReportPath(folder = 'perf'): string {
  const artifacts =
    process.env['FORGE_ARTIFACTS_DIR'] ??
    join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'artifacts');
  return join(artifacts, folder, 'perf-report.json');
}

/** Writes the report as indented JSON, creating the folder; returns the absolute path. */
export function writePerfReport(report: PerfReport, path = defaultReportPath()): string {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
