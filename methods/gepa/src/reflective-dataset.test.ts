import type { EvaluatedExecution } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { reflectiveDataset, renderReflectiveDataset } from './reflective-dataset.js';

const evaluated = (
  id: string,
  module: string,
  score: number,
  feedback?: string,
): EvaluatedExecution => ({
  instance: { id, input: { question: `q-${id}` }, gold: { answer: 'a' } },
  execution: {
    output: { answer: 'x' },
    trace: [
      {
        module,
        messages: [
          { role: 'user', content: `ask ${id}` },
          { role: 'assistant', content: `said ${id}` },
        ],
      },
    ],
  },
  evaluation: { score, ...(feedback === undefined ? {} : { feedback }) },
});

describe('the reflective dataset', () => {
  it('keeps every minibatch evaluation that invoked the component, perfect ones included', () => {
    const records = reflectiveDataset(
      [
        evaluated('1', 'read', 0, 'wrong'),
        evaluated('2', 'answer', 0, 'wrong'),
        evaluated('3', 'read', 1),
      ],
      'read',
    );
    expect(records.map((record) => record.inputs['question'])).toEqual(['q-1', 'q-3']);
    expect(records[0]?.feedback).toBe('wrong');
    // No feedback from the metric: the reference's stand-in sentence.
    expect(records[1]?.feedback).toBe('This trajectory got a score of 1.');
    expect(records[0]?.generatedOutputs).toContain('Invocation 1: module `read`');
    expect(records[0]?.generatedOutputs).toContain('said 1');
  });

  it('renders records as numbered examples with inputs, outputs and feedback', () => {
    const text = renderReflectiveDataset(
      reflectiveDataset([evaluated('1', 'read', 0, 'wrong')], 'read'),
    );
    expect(text).toMatch(
      /^# Example 1\n## Inputs\n### question\nq-1\n## Generated Outputs\n### Invocation 1/,
    );
    expect(text.endsWith('## Feedback\nwrong')).toBe(true);
  });
});
