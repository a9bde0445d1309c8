import { describe, expect, it } from 'vitest';
import { createWorkload, stopAtCandidates } from './substitution-workload.js';

async function callEverything(timed: boolean) {
  const workload = createWorkload({ timed, train: 3, validation: 3 });
  const instance = workload.validation[0];
  if (instance === undefined) throw new Error('no instance');
  const execution = await workload.program.run(
    instance,
    { rewrite: 'Rewrite "amber" as "AMBER".' },
    { model: workload.taskModel },
  );
  await workload.evaluate(instance, execution);
  await workload.optimizerModel.generate({ messages: [{ role: 'user', content: 'x' }] });
  return workload;
}

describe('createWorkload', () => {
  it('times the models and the metric unless told not to', async () => {
    const timed = await callEverything(true);
    expect(timed.time.totalMs).toBeGreaterThan(0);
    const untimed = await callEverything(false);
    expect(untimed.time.totalMs).toBe(0);
    expect(untimed.time.cpuMs).toBe(0);
  });

  it('makes the sizes asked for', () => {
    const workload = createWorkload({ train: 5, validation: 7 });
    expect([workload.train.length, workload.validation.length]).toEqual([5, 7]);
  });

  it('stops a search once the pool reaches the count', () => {
    const rule = stopAtCandidates(3);
    const state = (candidates: number) =>
      ({ state: { candidates: Array.from({ length: candidates }) } }) as unknown as Parameters<
        typeof rule
      >[0];
    expect(rule(state(2))).toBeUndefined();
    expect(rule(state(3))).toBe('pool reached 3 candidates');
  });
});
