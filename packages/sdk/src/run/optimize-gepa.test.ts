import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../estimate/estimate-run.js';
import { hasMethod, loadMethod } from '../methods/method-registry.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

// GEPA through the sdk's host on the simulated world (SIMULATED models only).
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-gepa-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations: number) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  runDir,
});

describe('optimize --method gepa | gepa-merge', () => {
  it('registers both methods lazily', async () => {
    expect(hasMethod('gepa')).toBe(true);
    expect(hasMethod('gepa-merge')).toBe(true);
    expect((await loadMethod('gepa-merge')).title).toBe('GEPA+merge');
  });

  it('runs GEPA+merge within the ceiling, writes its artifacts, and resumes with a larger budget', async () => {
    const runDir = join(root, 'merge');
    const events: ForgeEvent[] = [];
    const first = await optimize(
      { ...simConfig(runDir, 300), method: 'gepa-merge' },
      { onEvent: (event) => events.push(event) },
    );
    expect(first.method).toBe('gepa-merge');
    expect(first.evaluationsUsed).toBeLessThanOrEqual(300);
    expect(first.bestScore).toBeGreaterThan(first.seedScore);
    expect(first.files).toEqual(['best-prompts.json', 'result.json', 'report.html']);
    const report = readFileSync(join(runDir, 'report.html'), 'utf8');
    expect(report).toContain('simulated');
    // The lineage draws the accepted merges (square nodes, a dashed edge from the second parent).
    expect(first.result.summary?.['mergesAccepted']).toBeGreaterThan(0);
    expect(report).toContain('lineage-merge-edge');
    const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    expect(saved.summary.useMerge).toBe(true);
    expect(saved.summary.lineage[0]).toMatchObject({ candidate: 0, origin: 'seed' });
    expect(events.some((event) => event.type === 'step-end')).toBe(true);
    expect(events.some((event) => event.type === 'candidate-validated')).toBe(true);

    const resumedEvents: ForgeEvent[] = [];
    const more = await optimize(
      { budget: { maxEvaluations: 450 } },
      { resume: runDir, onEvent: (event) => resumedEvents.push(event) },
    );
    expect(resumedEvents[0]).toMatchObject({ type: 'run-prepared', resumed: true });
    expect(more.steps).toBeGreaterThan(first.steps);
    expect(more.evaluationsUsed).toBeGreaterThan(first.evaluationsUsed);
    expect(more.evaluationsUsed).toBeLessThanOrEqual(450);
  });

  it('estimates a GEPA run without synthesis (--dry-run)', async () => {
    const estimate = await estimateRun({
      ...simConfig(join(root, 'estimate'), 400),
      method: 'gepa',
    });
    expect(estimate.method).toBe('gepa');
    expect(estimate.synthesisAttempts).toBe(0);
    expect(estimate.roles.find((entry) => entry.role === 'generate')?.calls ?? 0).toBe(0);
    expect(estimate.roles.find((entry) => entry.role === 'reflect')?.calls).toBeGreaterThan(0);
  });

  it('refuses to resume a GEPA run with different method settings, naming the field', async () => {
    const runDir = join(root, 'settings');
    await optimize({ ...simConfig(runDir, 60), method: 'gepa' });
    await expect(
      optimize({ methodSettings: { skipPerfectScore: false } }, { resume: runDir }),
    ).rejects.toThrow(/cannot resume: the saved run's settings differs/);
  });
});
