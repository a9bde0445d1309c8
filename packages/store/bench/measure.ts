// Measures the store (issue 5): write cost per step, and resume time of a 500-step run.
// Run: pnpm --filter @forge/store bench
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunCommit, runSearch } from '@forge/core';
import { toyOptimizer } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import { SqliteRunStore } from '../src/index.js';

const root = mkdtempSync(join(tmpdir(), 'forge-store-bench-'));
const signature = defineSignature({
  name: 'Toy',
  inputFields: [
    { name: 'category', type: 'str', description: '' },
    { name: 'value', type: 'int', description: '' },
  ],
  outputFields: [{ name: 'answer', type: 'str', description: '' }],
});
const steps = 500;
const options = {
  program: toyProgram(),
  evaluate: toyEvaluate,
  taskModel: toyTaskModel(),
  // The reflector proposes nothing, so every step keeps failing and files observations: the
  // heaviest steps for the store (memory branch, observations with traces).
  optimizerModel: toyOptimizer({
    transform: (text) => (text.startsWith('Thinking.') ? 'no proposal' : text),
  }),
  train: toyInstances('t', 60),
  validation: toyInstances('v', 40),
  maxEvaluations: 1_000_000,
  maxSteps: steps,
  seed: 1,
  synthesis: { variant: 'forge' as const, attempts: 6, epochs: 4, patience: 100, signature },
};

class TimedStore extends SqliteRunStore {
  readonly durations: number[] = [];
  override async append(commit: RunCommit): Promise<void> {
    const started = performance.now();
    await super.append(commit);
    this.durations.push(performance.now() - started);
  }
}

const runDir = join(root, 'run');
const store = new TimedStore(runDir);
const started = performance.now();
const result = await runSearch({ ...options, store });
const total = performance.now() - started;
store.close();
const sorted = [...store.durations].sort((left, right) => left - right);
const at = (fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
const size =
  statSync(join(runDir, 'forge.db')).size +
  (statSync(join(runDir, 'forge.db-wal'), { throwIfNoEntry: false })?.size ?? 0);
console.log(
  `${result.steps} steps, ${store.durations.length} commits (${result.state.synthesis.length} synthesis events) in ${total.toFixed(0)} ms`,
);
console.log(
  `store write per commit: mean ${mean.toFixed(3)} ms, median ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, max ${at(1).toFixed(3)} ms`,
);
console.log(`database ${(size / 1e6).toFixed(1)} MB`);

for (let repeat = 0; repeat < 3; repeat++) {
  const resumeStarted = performance.now();
  const reopened = new SqliteRunStore(runDir);
  const resumed = await runSearch({ ...options, store: reopened });
  const elapsed = performance.now() - resumeStarted;
  reopened.close();
  console.log(
    `resume of the ${resumed.steps}-step run (open, load ${resumed.steps + 1 + resumed.state.synthesis.length} actions, replay, stop): ${elapsed.toFixed(0)} ms`,
  );
}
rmSync(root, { recursive: true, force: true });
