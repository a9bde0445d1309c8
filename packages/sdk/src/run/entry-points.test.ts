import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../estimate/estimate-run.js';
import { evaluate } from '../evaluate/evaluate-benchmark.js';
import { listRuns } from '../runs/list-runs.js';
import { writeReport } from '../runs/write-report.js';
import { synthesizeFromFailures } from '../synthesize/synthesize-from-failures.js';
import { optimize } from './optimize.js';

const root = mkdtempSync(join(tmpdir(), 'forge-entry-'));
const runDir = join(root, 'runs', 'sim-run');
const config = {
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations: 500 },
  runDir,
};
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(async () => {
  await optimize(config);
}, 120_000);

describe('sdk entry points', () => {
  it('estimates calls, tokens and cost before spending anything', async () => {
    const estimate = await estimateRun({ ...config, runDir: join(root, 'estimate-only') });
    expect(existsSync(join(root, 'estimate-only'))).toBe(false);
    const task = estimate.roles.find((role) => role.role === 'task');
    expect(task?.calls).toBeGreaterThanOrEqual(500);
    expect(task?.inputTokens).toBeGreaterThan(0);
    expect(estimate.method).toBe('forge');
    expect(estimate.evaluations).toBe(500);
    // Forge's own estimate: up to (500 − |V|) / (2·|B|) reflections, all synthesis attempts.
    expect(estimate.roles.map((role) => role.role)).toEqual([
      'task',
      'reflect',
      'assign',
      'generate',
      'verify',
    ]);
    expect(estimate.roles.find((role) => role.role === 'reflect')?.calls).toBe(Math.floor(480 / 6));
    // Simulated models are priced at $0: they call no model.
    expect(estimate.unpricedModels).toEqual([]);
    expect(estimate.assumptions.length).toBeGreaterThan(2);
  });

  it("synthesizes from a run's failure memory and writes JSONL and TRL rows", async () => {
    const out = join(root, 'synthetic.jsonl');
    const result = await synthesizeFromFailures({
      run: runDir,
      attempts: 8,
      out,
      rejectedOut: join(root, 'rejected.jsonl'),
    });
    expect(result.attempts).toHaveLength(8);
    expect(readFileSync(out, 'utf8').trim().split('\n').filter(Boolean)).toHaveLength(
      result.admitted.length,
    );
    const trl = join(root, 'trl.jsonl');
    await synthesizeFromFailures({ run: runDir, attempts: 4, out: trl, format: 'trl' });
    const row = JSON.parse(readFileSync(trl, 'utf8').split('\n')[0] ?? '{}');
    expect(typeof row.prompt).toBe('string');
    expect(result.reportText).toContain('admitted');
  });

  it('scores a predictions file with the metric alone, naming bad lines', async () => {
    const good = join(root, 'predictions.jsonl');
    const { createSimBenchmark, resolveSimOptions } = await import('@forge/sim');
    const splits = await createSimBenchmark(resolveSimOptions({})).loadSplits();
    const [first, second] = splits.test;
    writeFileSync(
      good,
      `${JSON.stringify({ id: first?.id, output: first?.gold })}\n${JSON.stringify({ id: second?.id, output: { date: 'nonsense' } })}\n`,
    );
    const result = await evaluate({ benchmark: 'sim', predictions: good });
    expect(result.instances.map((item) => item.score)).toEqual([1, 0]);
    const bad = join(root, 'bad.jsonl');
    writeFileSync(
      bad,
      `${JSON.stringify({ id: first?.id, output: first?.gold })}\n{"id": "nobody", "output": {}}\n`,
    );
    const error = await evaluate({ benchmark: 'sim', predictions: bad }).catch(
      (caught: unknown) => caught,
    );
    expect(DatasetError.isInstance(error)).toBe(true);
    expect((error as DatasetError).line).toBe(2);
    expect((error as DatasetError).field).toBe('id');
  });

  it("evaluates a run's best candidate on a split", async () => {
    const result = await evaluate({ run: runDir, split: 'validation' });
    expect(result.subject).toContain('validation');
    expect(result.score).toBeGreaterThan(0.3);
  });

  it('lists runs and writes the report', () => {
    const runs = listRuns(join(root, 'runs'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ benchmark: 'sim', status: 'completed', simulated: true });
    const out = writeReport(runDir, join(root, 'again.html'));
    expect(readFileSync(out, 'utf8')).toContain('data-chart="lineage"');
  });
});
