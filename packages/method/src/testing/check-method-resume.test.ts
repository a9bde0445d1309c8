import { describe, expect, it } from 'vitest';
import {
  hillClimbBenchmark,
  hillClimbInstances,
  hillClimbMethod,
  hillClimbReflector,
  hillClimbTaskModel,
} from '../__fixtures__/hill-climb-method.js';
import { MemoryCheckpointStore } from '../checkpoint-store.js';
import { checkMethodResume } from './check-method-resume.js';
import { createMethodTestContext } from './method-test-context.js';

const base = () => ({
  benchmark: hillClimbBenchmark,
  train: hillClimbInstances('t', 10),
  validation: hillClimbInstances('v', 5),
  taskModel: hillClimbTaskModel(),
  optimizerModel: hillClimbReflector(),
  budget: { maxEvaluations: 45 },
});

describe('createMethodTestContext', () => {
  it('counts every program run as one task evaluation', async () => {
    const test = createMethodTestContext(base());
    const result = await hillClimbMethod.run(test.context);
    // |V| for the seed, then steps of |B| + |V| = 8 while they fit in 45: 5 + 5 · 8 = 45.
    expect(result.evaluationsUsed).toBe(45);
    expect(test.evaluationsCounted()).toBe(45);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
    expect(test.events.filter((event) => event.type === 'step-end')).toHaveLength(5);
  });

  it('resumes from the checkpoints it is given', async () => {
    const checkpoints = new MemoryCheckpointStore();
    const first = createMethodTestContext({
      ...base(),
      budget: { maxEvaluations: 21 },
      checkpoints,
    });
    const partial = await hillClimbMethod.run(first.context);
    expect(partial.steps).toBe(2);
    const second = createMethodTestContext({ ...base(), checkpoints });
    const resumed = await hillClimbMethod.run(second.context);
    expect(resumed.steps).toBe(5);
    // Only the three new steps were evaluated.
    expect(second.evaluationsCounted()).toBe(24);
  });
});

describe('checkMethodResume', () => {
  it('cuts a run at each evaluation count and ends with the uninterrupted result', async () => {
    const report = await checkMethodResume(hillClimbMethod, {
      ...base(),
      cutAfterEvaluations: [3, 14, 30],
    });
    expect(report.interruptions).toBe(3);
    expect(report.resumed).toEqual(report.whole);
    expect(report.wholeEvaluations).toBe(45);
    // Each cut may redo the step it interrupted, never more.
    expect(report.resumedEvaluations).toBeGreaterThanOrEqual(45);
    expect(report.resumedEvaluations).toBeLessThanOrEqual(45 + 3 * 8);
  });

  it('reports a run that ended before a cut without counting a phantom interruption', async () => {
    const report = await checkMethodResume(hillClimbMethod, {
      ...base(),
      cutAfterEvaluations: [10, 1000],
    });
    expect(report.interruptions).toBe(1);
    expect(report.resumed).toEqual(report.whole);
  });
});
