import { describe, expect, it } from 'vitest';
import * as hillClimb from '../__fixtures__/hill-climb-method.js';
import type { Method } from '../method.js';
import { runMethodInWorld, worldTestOptions } from './method-test-world.js';

const world = () => ({
  benchmark: {
    ...hillClimb.hillClimbBenchmark,
    loadSplits: async () => ({
      train: hillClimb.hillClimbInstances('t', 10),
      validation: hillClimb.hillClimbInstances('v', 5),
      test: hillClimb.hillClimbInstances('x', 2),
    }),
  },
  taskModel: hillClimb.hillClimbTaskModel(),
  optimizerModel: hillClimb.hillClimbReflector(),
});

describe('worldTestOptions', () => {
  it('loads the training and validation splits and passes the benchmark and models through', async () => {
    const source = world();
    const options = await worldTestOptions(source);
    expect(options.train.map((instance) => instance.id)).toEqual(
      hillClimb.hillClimbInstances('t', 10).map((instance) => instance.id),
    );
    expect(options.validation).toHaveLength(5);
    expect(options.benchmark).toBe(source.benchmark);
    expect(options.taskModel).toBe(source.taskModel);
    expect(options.optimizerModel).toBe(source.optimizerModel);
  });
});

describe('runMethodInWorld', () => {
  it('returns the result with the records, events and evaluations of the one run', async () => {
    const run = await runMethodInWorld(hillClimb.hillClimbMethod, world(), {
      budget: { maxEvaluations: 45 },
    });
    // |V| for the seed, then steps of |B| + |V| = 8 while they fit in 45: 5 + 5 · 8 = 45.
    expect(run.evaluationsCounted).toBe(45);
    expect(run.result.evaluationsUsed).toBe(45);
    expect(run.records.map((record) => record.kind)).toEqual(Array(5).fill('candidate'));
    expect(run.events.filter((event) => event.type === 'step-end')).toHaveLength(5);
  });

  it('gives the method its own default settings unless the test names others', async () => {
    const seen: unknown[] = [];
    const method: Method = {
      ...hillClimb.hillClimbMethod,
      parseSettings: (raw) => ({ depth: 2, ...raw }),
      run: (context) => {
        seen.push(context.settings);
        return hillClimb.hillClimbMethod.run(context);
      },
    };
    await runMethodInWorld(method, world(), { budget: { maxEvaluations: 5 } });
    await runMethodInWorld(method, world(), {
      budget: { maxEvaluations: 5 },
      settings: { depth: 7 },
    });
    expect(seen).toEqual([{ depth: 2 }, { depth: 7 }]);
  });
});
