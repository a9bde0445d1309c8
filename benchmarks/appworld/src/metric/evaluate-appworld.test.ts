import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import type { AppWorldEvaluationReport } from '../client/wire-schemas.js';
import type { Episode } from '../episode/episode-output.js';
import { evaluateAppWorld, scoreReport } from './evaluate-appworld.js';

const instance: Instance = {
  id: 't_1',
  input: { task_id: 't_1', instruction: 'x' },
  gold: { requirements: [] },
};

const episode: Episode = {
  task_id: 't_1',
  server: 'http://127.0.0.1:8000',
  steps: 4,
  max_steps: 50,
  stop: 'task-completed',
  completed: true,
};

function report(
  passes: number,
  failures: number,
  numTests = passes + failures,
): AppWorldEvaluationReport {
  return {
    success: failures === 0 && passes === numTests,
    difficulty: 2,
    num_tests: numTests,
    passes: Array.from({ length: passes }, (_, index) => ({
      requirement: `passed ${index + 1}`,
      label: index === 0 ? 'no_op_pass' : 'no_op_fail',
    })),
    failures: Array.from({ length: failures }, (_, index) => ({
      requirement: `failed ${index + 1}`,
      trace: `\`\`\`python\nassert x\n\`\`\`\n----------\nAssertionError: ${'long '.repeat(200)}`,
      label: 'no_op_fail',
    })),
  };
}

function execution(output: unknown): Execution {
  return { output: output as Record<string, unknown>, trace: [] };
}

describe('scoreReport', () => {
  it('is passes / num_tests, and 0 for no tests, an absent or an inconsistent report', () => {
    expect(scoreReport(report(2, 1))).toBeCloseTo(2 / 3, 12);
    expect(scoreReport(report(4, 0))).toBe(1);
    expect(scoreReport(report(0, 3))).toBe(0);
    expect(scoreReport(report(0, 0))).toBe(0);
    expect(scoreReport(undefined)).toBe(0);
    expect(scoreReport(report(3, 0, 2))).toBe(0);
  });
});

describe('evaluateAppWorld', () => {
  it('scores the report and turns its failed requirements into feedback', () => {
    const evaluation = evaluateAppWorld(
      instance,
      execution({ requirements: ['passed 1', 'passed 2'], evaluation: report(2, 1), episode }),
    );
    expect(evaluation.score).toBeCloseTo(2 / 3, 12);
    expect(evaluation.feedback).toContain("The environment's tests: 2 of 3 passed.");
    expect(evaluation.feedback).toContain('Failed requirements:\n1. failed 1\n```python\nassert x');
    expect(evaluation.feedback).toMatch(/long …/);
    expect(evaluation.feedback).toContain(
      '1 of the passed requirements hold even when nothing is done (no_op_pass): passed 1.',
    );
    expect(evaluation.feedback).not.toContain('never called');
  });

  it('says when the agent never completed the task or ran out of steps', () => {
    const evaluation = evaluateAppWorld(
      instance,
      execution({
        requirements: [],
        evaluation: report(1, 1),
        episode: { ...episode, stop: 'step-limit', steps: 50, completed: false },
      }),
    );
    expect(evaluation.score).toBe(0.5);
    expect(evaluation.feedback).toContain('never called apis.supervisor.complete_task()');
    expect(evaluation.feedback).toContain('used all 50 steps');
    const gaveUp = evaluateAppWorld(
      instance,
      execution({
        requirements: [],
        evaluation: report(1, 1),
        episode: { ...episode, stop: 'stop' },
      }),
    );
    expect(gaveUp.feedback).toContain('answering without running code (finish reason stop)');
  });

  it('scores 0 on num_tests 0, an inconsistent report, a failed episode or a malformed output', () => {
    expect(
      evaluateAppWorld(
        instance,
        execution({ requirements: [], evaluation: report(0, 0), episode }),
      ),
    ).toEqual({ score: 0, feedback: expect.stringContaining('num_tests = 0') });
    expect(
      evaluateAppWorld(
        instance,
        execution({ requirements: [], evaluation: report(3, 0, 2), episode }),
      ).score,
    ).toBe(0);
    const failed = evaluateAppWorld(
      instance,
      execution({
        requirements: [],
        episode: {
          ...episode,
          stop: 'failure',
          failure: {
            stage: 'agent',
            kind: 'connection-lost',
            message: 'The server at http://127.0.0.1:8001 dropped the connection.',
            server_retired: true,
          },
        },
      }),
    );
    expect(failed.score).toBe(0);
    expect(failed.feedback).toContain('failed during agent (connection-lost)');
    expect(failed.feedback).toContain('taken out of the pool');
    expect(failed.feedback).toContain('not of the agent');
    expect(evaluateAppWorld(instance, execution({ answer: 'x' })).score).toBe(0);
    expect(evaluateAppWorld(instance, execution({ requirements: [], episode })).score).toBe(0);
  });
});
