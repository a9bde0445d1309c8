import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PerfReport } from './run-perf-harness.js';

/** `perf-report/perf-report.json` at the repository root (the folder is gitignored). */
export function defaultReportPath(): string {
  return join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    '..',
    'perf-report',
    'perf-report.json',
  );
}

/** Writes the report as indented JSON, creating the folder; returns the absolute path. */
export function writePerfReport(report: PerfReport, path = defaultReportPath()): string {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
