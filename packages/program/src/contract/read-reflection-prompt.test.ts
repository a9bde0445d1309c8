import { describe, expect, it } from 'vitest';
import type { EvaluatedExecution } from '../program/evaluation.js';
import { renderReflectionBatch } from '../render/render-markdown.js';
import { isReflectionPrompt, readReflectionPrompt } from './read-reflection-prompt.js';

const evaluation = (ticket: string, feedback: string | undefined): EvaluatedExecution => ({
  instance: { id: ticket, input: { ticket }, gold: { team: 'billing' } },
  execution: {
    output: { team: 'BILLING' },
    trace: [
      {
        module: 'route',
        messages: [
          { role: 'user', content: ticket },
          { role: 'assistant', content: '<team>BILLING</team>' },
        ],
      },
    ],
  },
  evaluation: { score: 0, ...(feedback === undefined ? {} : { feedback }) },
});

// The layout core's reflection prompt writes (docs/prompt-contracts.md, Figure 6).
const message = (currentPrompt: string, evaluations: readonly EvaluatedExecution[]) =>
  `# Current System Prompt\n\n${currentPrompt}\n\n# Evaluation Results\n\n${renderReflectionBatch(evaluations, 'route')}\n\nWrite a better system prompt for this module.`;

describe('readReflectionPrompt', () => {
  it('reads the current prompt, the results and each evaluation’s feedback', () => {
    const user = message('Route the ticket.', [
      evaluation('Invoice wrong.', 'Name the team in lower case.'),
      evaluation('Refund?', undefined),
      evaluation('Card declined.', 'Teams are lower case. Say why.'),
    ]);
    expect(isReflectionPrompt(user)).toBe(true);
    const read = readReflectionPrompt(user);
    expect(read.currentPrompt).toBe('Route the ticket.');
    expect(read.evaluationResults.startsWith('## Evaluation 1\n')).toBe(true);
    expect(read.evaluationResults.endsWith('Teams are lower case. Say why.')).toBe(true);
    expect(read.feedback).toEqual([
      'Name the team in lower case.',
      'Teams are lower case. Say why.',
    ]);
  });

  it('keeps a current prompt whole when it holds headings, the results heading included', () => {
    const prompt =
      '# Role\n\nA router.\n\n# Evaluation Results\n\nQuote them.\n\n# Output Contract\n\nOne tag.';
    const read = readReflectionPrompt(
      message(prompt, [evaluation('Invoice wrong.', 'Lower case.')]),
    );
    expect(read.currentPrompt).toBe(prompt);
    expect(read.feedback).toEqual(['Lower case.']);
  });

  it('is not fooled by other messages', () => {
    expect(isReflectionPrompt('# Current System Prompt\n\nx')).toBe(false);
    expect(isReflectionPrompt('# Existing Failure Clusters\n\n[]')).toBe(false);
  });
});
