import { createBenchmark } from '@forge/bench-aime';
import type { Instance } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { evaluateOnTest } from './evaluate-test.js';

// AIME's test split is scored three times (`testRepeats: 3`, as in the paper): the real AIME
// program and metric here, with a scripted task model whose answer depends on the repeat.
const problems: Instance[] = ['p0', 'p1', 'p2', 'p3'].map((id, index) => ({
  id,
  input: { problem: `Problem ${id}.` },
  gold: { answer: 100 + index },
}));

// Repeats (sampleIndex) in which each problem is answered right: 3, 1, 1 and 0 of 3. The three
// repeats score 0.25, 0.25 and 0.75, so the mean over all of them (5/12) is none of them.
const rightIn: Readonly<Record<string, readonly number[]>> = {
  p0: [0, 1, 2],
  p1: [2],
  p2: [2],
  p3: [],
};

function scriptedSolver(): MockLanguageModel {
  return new MockLanguageModel({
    responses: (request) => {
      const last = request.messages.at(-1);
      const id = /Problem (p\d)\./.exec(last && 'content' in last ? last.content : '')?.[1] ?? '';
      const repeat = request.metadata?.sampleIndex ?? -1;
      const index = Number(id.slice(1));
      const answer = rightIn[id]?.includes(repeat) ? 100 + index : 999;
      return `Working.\n<answer>${answer}</answer>`;
    },
  });
}

describe('evaluateOnTest', () => {
  it('scores AIME-style test repeats: each instance three times, as distinct samples, averaged per instance', async () => {
    const benchmark = createBenchmark();
    expect(benchmark.testRepeats).toBe(3);
    const model = scriptedSolver();
    const scores = await evaluateOnTest({
      benchmark,
      model,
      prompts: { solver: 'Solve it.' },
      test: problems,
      concurrency: 2,
    });

    expect(scores.repeats).toBe(3);
    // 4 problems × 3 repeats, each a model call with its own sample index.
    expect(model.calls).toHaveLength(12);
    const samples = model.requests.map(
      (request) => `${request.metadata?.sampleIndex}:${JSON.stringify(request.messages.at(-1))}`,
    );
    expect(new Set(samples).size).toBe(12);
    expect(scores.rows).toHaveLength(12);
    expect(scores.rows.map((row) => `${row.instanceId}/${row.repeat}=${row.score}`).sort()).toEqual(
      [
        'p0/0=1',
        'p0/1=1',
        'p0/2=1',
        'p1/0=0',
        'p1/1=0',
        'p1/2=1',
        'p2/0=0',
        'p2/1=0',
        'p2/2=1',
        'p3/0=0',
        'p3/1=0',
        'p3/2=0',
      ].sort(),
    );
    // Per instance 1, 1/3, 1/3 and 0; their mean is 5/12.
    expect(scores.score).toBeCloseTo(5 / 12, 12);
  });

  it('scores each test instance once when the benchmark does not repeat', async () => {
    const benchmark = { ...createBenchmark(), testRepeats: undefined };
    const model = scriptedSolver();
    const scores = await evaluateOnTest({
      benchmark,
      model,
      prompts: { solver: 'Solve it.' },
      test: problems,
      concurrency: 2,
    });
    expect(scores.repeats).toBe(1);
    expect(model.calls).toHaveLength(4);
    expect(model.requests.every((request) => request.metadata?.sampleIndex === 0)).toBe(true);
    // Sample 0 is answered right for p0 only.
    expect(scores.score).toBe(0.25);
    expect(scores.rows.map((row) => row.repeat)).toEqual([0, 0, 0, 0]);
  });
});
