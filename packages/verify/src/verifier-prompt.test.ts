import { defineSignature, type Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { buildVerifierPrompt, verifierSystemPrompt } from './verifier-prompt.js';

const signature = defineSignature({
  name: 'AdditionSignature',
  inputFields: [{ name: 'question', type: 'str', description: 'An addition question.' }],
  outputFields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
});

const source: Instance = {
  id: 'train-7',
  input: { question: 'What is 19 + 23?' },
  gold: { answer: 42 },
};

const transcript = [
  { type: 'assistant-text', step: 0, text: 'Checking 28 + 17.' },
  { type: 'tool-call', step: 0, toolCallId: 'c1', toolName: 'calculator', input: { a: 28 } },
  {
    type: 'tool-result',
    step: 0,
    toolCallId: 'c1',
    toolName: 'calculator',
    output: '45',
    isError: false,
  },
  { type: 'assistant-text', step: 1, text: '<synthetic_example>{}</synthetic_example>' },
] as const;

describe('buildVerifierPrompt', () => {
  it('lays out a failure-guided context exactly, gold fields after inputs', () => {
    const { system, user } = buildVerifierPrompt({
      signature,
      // Keys deliberately out of order: the example follows the signature's order.
      instance: { gold: { answer: 45 }, input: { question: 'What is 28 + 17?' } },
      context: {
        modeName: 'dropped_carry',
        modeDescription: 'Drops the carry when adding two-digit numbers.',
        intent: 'positive',
        sourceInstance: source,
        sourceFeedback: 'Expected 42, got 32.',
        generatorTranscript: transcript,
      },
    });
    expect(system).toBe(verifierSystemPrompt);
    expect(user).toBe(
      [
        '# Task Signature JSON',
        '',
        JSON.stringify(
          {
            name: 'AdditionSignature',
            input_fields: [{ name: 'question', type: 'str', description: 'An addition question.' }],
            output_fields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
          },
          null,
          2,
        ),
        '',
        '# Synthetic Example',
        '',
        '{\n  "question": "What is 28 + 17?",\n  "answer": 45\n}',
        '',
        '# Generation Context',
        '',
        '## Failure Cluster',
        '',
        'dropped_carry',
        '',
        '## Failure Description',
        '',
        'Drops the carry when adding two-digit numbers.',
        '',
        '## Mutation Kind',
        '',
        'positive',
        '',
        '## Failed Example',
        '',
        '### Input\n\n#### question\nWhat is 19 + 23?\n\n### Gold\n\n#### answer\n42',
        '',
        '## Feedback',
        '',
        'Expected 42, got 32.',
        '',
        '## Generator Activity',
        '',
        '**assistant**\n\nChecking 28 + 17.',
        '',
        '**tool call** `calculator` (id c1)\n\n{\n  "a": 28\n}',
        '',
        '**tool result** `calculator` (id c1)\n\n45',
        '',
        '**assistant**\n\n<synthetic_example>{}</synthetic_example>',
        '',
        'Verify this synthetic training example.',
      ].join('\n'),
    );
  });

  it('writes (none) for missing feedback and an empty activity', () => {
    const { user } = buildVerifierPrompt({
      signature,
      instance: { input: { question: 'q' }, gold: { answer: 1 } },
      context: {
        modeName: 'm',
        modeDescription: 'd',
        intent: 'stress',
        sourceInstance: source,
        generatorTranscript: [],
      },
    });
    expect(user).toContain(
      '## Feedback\n\n(none)\n\n## Generator Activity\n\n(no visible activity)',
    );
  });

  it('uses the random-synthesis layout when there is no failure mode', () => {
    const { user } = buildVerifierPrompt({
      signature,
      instance: { input: { question: 'q' }, gold: { answer: 1 } },
      context: { intent: 'random', sourceInstance: source, generatorTranscript: [] },
    });
    expect(user).toContain(
      '# Generation Context\n\n## Mutation Kind\n\nrandom\n\n## Source Example\n\n### Input',
    );
    expect(user).not.toContain('## Failure Cluster');
    expect(user).not.toContain('## Feedback');
  });

  it('marks failed tool results', () => {
    const { user } = buildVerifierPrompt({
      signature,
      instance: { input: { question: 'q' }, gold: { answer: 1 } },
      context: {
        intent: 'random',
        generatorTranscript: [
          {
            type: 'tool-result',
            step: 0,
            toolCallId: 'x',
            toolName: 'search',
            output: 'Error: timeout',
            isError: true,
          },
        ],
      },
    });
    expect(user).toContain('**tool result** `search` (id x) — error\n\nError: timeout');
  });

  it('follows the paper section structure and names the four output fields', () => {
    expect(verifierSystemPrompt.match(/^# .+$/gm)).toEqual([
      '# Role',
      '# Objective',
      '# Inputs',
      '# Core Principles',
      '# Decision Procedure',
      '# Hard Constraints',
      '# Output Contract',
    ]);
    for (const tag of ['validity_reason', 'validity', 'faithfulness_reason', 'faithfulness']) {
      expect(verifierSystemPrompt).toContain(`<${tag}>`);
    }
  });
});
