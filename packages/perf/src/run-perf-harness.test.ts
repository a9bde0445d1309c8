import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type PerfReport, runPerfHarness } from './run-perf-harness.js';
import { criticalPathRounds } from './sections/wall-time.js';
import { defaultReportPath, writePerfReport } from './write-perf-report.js';

// Checks that the harness runs and that its report is complete. Quick mode's sizes are far too
// small to say anything about performance, and nothing here looks at a duration's value. The
// report lands in artifacts/perf-quick/, which CI keeps.

describe('the performance harness', () => {
  it('runs every section in quick mode and writes a complete JSON report', async () => {
    const progress: string[] = [];
    const report = await runPerfHarness({ quick: true, onProgress: (line) => progress.push(line) });
    const file = writePerfReport(report, defaultReportPath('perf-quick'));
    const saved = JSON.parse(readFileSync(file, 'utf8')) as PerfReport;

    expect(saved).toMatchObject({ formatVersion: 1, simulated: true, quick: true });
    expect(progress).toHaveLength(5);
    expect(saved.evaluationCost.windows.map((window) => window.candidates)).toEqual([10, 20, 40]);
    for (const window of saved.evaluationCost.windows) {
      expect(window.poolAtStart).toBeGreaterThanOrEqual(window.candidates);
      expect(window.evaluations).toBeGreaterThan(0);
      expect(Number.isFinite(window.ownMicrosecondsPerEvaluation)).toBe(true);
    }
    expect(
      saved.selection.map((entry) => `${entry.kind} ${entry.candidates}×${entry.instances}`),
    ).toEqual([
      'iid-3-valued 50×50',
      'iid-3-valued 200×50',
      'many-valued 50×50',
      'many-valued 200×50',
    ]);
    expect(saved.selection.find((entry) => entry.kind === 'iid-3-valued')?.distinctScores).toBe(3);
    expect(
      saved.selection.find((entry) => entry.kind === 'many-valued')?.distinctScores,
    ).toBeGreaterThan(15);
    for (const series of [saved.heapGrowth.memory, saved.heapGrowth.sqlite]) {
      expect(series.candidates).toBe(40);
      expect(series.samples.length).toBeGreaterThan(0);
    }
    expect(saved.heapGrowth.store.commits).toBe(saved.heapGrowth.sqlite.steps + 1);
    expect(saved.heapGrowth.store.resumeMs.samples).toBe(1);
    expect(saved.wallTime.validation).toBe(60);
    expect(saved.wallTime.runs.map((run) => [run.settings, run.steps, run.wallMs.length])).toEqual([
      ['default', 3, 1],
      ['high', 3, 1],
    ]);
    for (const timing of Object.values(saved.startUp)) expect(timing.samples).toBe(1);
    expect(saved.targets).toHaveLength(6);
    expect(new Set(saved.targets.map((check) => check.verdict))).toEqual(new Set(['not judged']));
  }, 120_000);

  it('counts the critical path: seed pass, then parent, reflection, proposal, validation', () => {
    const record = (outcome: 'perfect' | 'no-op' | 'rejected' | 'accepted') =>
      ({ outcome }) as Parameters<typeof criticalPathRounds>[0][number];
    expect(criticalPathRounds([])).toBe(1);
    expect(
      criticalPathRounds([
        record('perfect'),
        record('no-op'),
        record('rejected'),
        record('accepted'),
      ]),
    ).toBe(1 + 1 + 2 + 3 + 4);
  });
});
