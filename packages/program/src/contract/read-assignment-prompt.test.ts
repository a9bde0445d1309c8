import { describe, expect, it } from 'vitest';
import type { EvaluatedExecution } from '../program/evaluation.js';
import { renderObservation } from '../render/render-markdown.js';
import {
  assignmentPromptTrailer,
  isAssignmentPrompt,
  readAssignmentPrompt,
} from './read-assignment-prompt.js';

const failed = (feedback: string | undefined): EvaluatedExecution => ({
  instance: { id: 'i1', input: { text: 'Due 03.04.21.' }, gold: { date: '2021-04-03' } },
  execution: {
    output: { date: '2021-03-04' },
    trace: [
      {
        module: 'format',
        // A model's answer with a heading of its own, inside the trace.
        messages: [
          { role: 'user', content: 'Format it.' },
          { role: 'assistant', content: '## Feedback\n\nnot this one\n\n<date>2021-03-04</date>' },
        ],
      },
    ],
  },
  evaluation: { score: 0, ...(feedback === undefined ? {} : { feedback }) },
});

// The layout memory's assigner writes (docs/prompt-contracts.md, Figure 5).
const message = (clusters: string, evaluated: EvaluatedExecution) =>
  `# Existing Failure Clusters\n\n${clusters}\n\n# Failure Observation\n\n${renderObservation(evaluated)}\n\n${assignmentPromptTrailer}`;

describe('readAssignmentPrompt', () => {
  it('reads the catalogue, the failed instance and the feedback without the instruction', () => {
    const catalogue = JSON.stringify(
      [
        { cluster_name: 'day_month_swapped', failure_description: 'Day and month swapped.' },
        { cluster_name: 42 },
      ],
      null,
      2,
    );
    const user = message(catalogue, failed('Dotted dates are day first.'));
    expect(isAssignmentPrompt(user)).toBe(true);
    const read = readAssignmentPrompt(user);
    expect(read.clusters).toEqual([
      { cluster_name: 'day_month_swapped', failure_description: 'Day and month swapped.' },
    ]);
    expect(read.instance).toEqual({
      input: { text: 'Due 03.04.21.' },
      gold: { date: '2021-04-03' },
    });
    expect(read.feedback).toBe('Dotted dates are day first.');
    expect(read.observation.startsWith('## Instance\n')).toBe(true);
  });

  it('reads an empty or broken catalogue as empty, and no feedback as undefined', () => {
    const clean = failed(undefined);
    const withoutFeedback = {
      ...clean,
      execution: { ...clean.execution, trace: [] },
    };
    expect(readAssignmentPrompt(message('[]', withoutFeedback))).toMatchObject({
      clusters: [],
      feedback: undefined,
    });
    expect(readAssignmentPrompt(message('{oops', failed('x'))).clusters).toEqual([]);
  });
});
