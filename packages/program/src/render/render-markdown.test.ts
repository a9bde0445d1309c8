import { describe, expect, it } from 'vitest';
import type { EvaluatedExecution } from '../program/evaluation.js';
import { renderObservation, renderReflectionBatch, renderTrace } from './render-markdown.js';

const evaluated: EvaluatedExecution = {
  instance: { id: 'i1', input: { question: 'Who?' }, gold: { answer: 'Ada' } },
  execution: {
    output: { answer: 'Bob' },
    trace: [
      {
        module: 'search',
        messages: [
          { role: 'user', content: 'Find who.' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 't1', name: 'wiki', input: { q: 'who' } }],
          },
          { role: 'tool', toolCallId: 't1', toolName: 'wiki', content: 'Bob | a person' },
        ],
      },
      {
        module: 'answer',
        messages: [
          { role: 'user', content: 'Answer.' },
          { role: 'assistant', content: 'Bob' },
        ],
      },
      {
        module: 'search',
        messages: [
          { role: 'user', content: 'Again.' },
          { role: 'assistant', content: 'Ada?' },
        ],
      },
    ],
  },
  evaluation: {
    score: 0,
    feedback: 'Expected Ada.',
    moduleFeedback: { answer: 'Answer module: expected Ada.' },
  },
};

describe('renderTrace', () => {
  it('renders one section per invocation in execution order, with tool calls and results', () => {
    const text = renderTrace(evaluated.execution.trace);
    const order = [
      'Invocation 1: module `search`',
      'Invocation 2: module `answer`',
      'Invocation 3: module `search`',
    ];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('**tool call** `wiki` (id t1)');
    expect(text).toContain('**tool result** `wiki` (id t1)\n\nBob | a person');
  });
});

describe('renderObservation', () => {
  it('has instance, score, trace and feedback sections in that order', () => {
    const text = renderObservation(evaluated);
    const sections = ['## Instance', '## Score\n\n0', '## Trace', '## Feedback\n\nExpected Ada.'];
    const positions = sections.map((section) => text.indexOf(section));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('#### answer\nAda');
  });

  it("shows each module's feedback, in trace order, when the metric gave none on the whole program", () => {
    const text = renderObservation({
      ...evaluated,
      evaluation: {
        score: 0,
        feedback: '',
        moduleFeedback: {
          answer: 'Answer: expected Ada.',
          search: 'Search: look up Ada.',
          rank: '',
        },
      },
    });
    expect(text).toContain(
      '## Feedback\n\n- `search`: Search: look up Ada.\n- `answer`: Answer: expected Ada.',
    );
    expect(text).not.toContain('`rank`');
  });

  it('omits the feedback section when there is none', () => {
    const text = renderObservation({ ...evaluated, evaluation: { score: 0.5 } });
    expect(text).not.toContain('## Feedback');
  });
});

describe('renderReflectionBatch', () => {
  it("shows only the module's own invocations and its own feedback, and no gold", () => {
    const text = renderReflectionBatch([evaluated], 'answer');
    expect(text).toContain('Answer module: expected Ada.');
    expect(text).not.toContain('Find who.');
    expect(text).not.toContain('Expected Ada.');
    expect(text).not.toContain('#### answer\nAda');
  });

  it('falls back to the overall feedback for a module without its own', () => {
    const text = renderReflectionBatch([evaluated], 'search');
    expect(text).toContain('Expected Ada.');
    expect(text).toContain('Find who.');
    expect(text).toContain('Again.');
  });
});
