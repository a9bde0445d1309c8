#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { runPerfHarness } from './run-perf-harness.js';
import { writePerfReport } from './write-perf-report.js';

// `pnpm bench:perf [--quick] [--out <file>]` at the repository root.
const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, out: { type: 'string' } },
});
const report = await runPerfHarness({
  quick: values.quick,
  onProgress: (line) => process.stderr.write(`forge-perf: ${line}\n`),
});
const file = writePerfReport(report, values.out);
for (const check of report.targets) {
  process.stdout.write(
    `${check.verdict.padEnd(10)} ${check.target}: ${check.measured.toFixed(3)} (limit ${check.limit})\n`,
  );
}
process.stdout.write(`report (simulated workload, Forge's own costs): ${file}\n`);
