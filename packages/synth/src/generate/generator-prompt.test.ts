import { describe, expect, it } from 'vitest';
import { additionSignature, mode, observation } from '../__fixtures__/modes.js';
import { planSynthesisEvent } from '../plan/plan-synthesis-event.js';
import { buildGeneratorPrompt, generatorSystemPrompt } from './generator-prompt.js';

const signatureJson = JSON.stringify(
  {
    name: 'AdditionSignature',
    input_fields: [
      { name: 'question', type: 'str', description: 'An addition question in words.' },
    ],
    output_fields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
  },
  null,
  2,
);

describe('buildGeneratorPrompt', () => {
  it('lays out a failure-mode seed exactly', () => {
    const [slot] = planSynthesisEvent({
      event: 0,
      attempts: 1,
      modes: [mode('dropped_carry', 1)],
      seed: 0,
    });
    const { system, user } = buildGeneratorPrompt({ signature: additionSignature, slot: slot! });
    expect(system).toBe(generatorSystemPrompt);
    expect(user).toBe(
      [
        '# Task Signature JSON',
        signatureJson,
        '# Mutation Seed',
        '## Failure Cluster',
        'dropped_carry',
        '## Failure Description',
        'Description of dropped_carry.',
        '## Mutation Kind',
        'positive',
        '## Failed Example',
        '### Input\n\n#### question\nQuestion dropped_carry-0: what is 19 + 23?\n\n### Gold\n\n#### answer\n42',
        '## Feedback',
        'Expected 42, got 32 (dropped_carry-0).',
        '## Program Trace',
        [
          '### Invocation 1: module `solver`',
          '**user**\n\nQuestion dropped_carry-0: what is 19 + 23?',
          '**assistant**\n\nSOURCE-TRACE-MARKER 32',
        ].join('\n\n'),
        'Generate one synthetic training example.',
      ].join('\n\n'),
    );
  });

  it('falls back to module feedback, then to (none)', () => {
    const withModules = {
      ...mode('m', 1),
      observations: [
        {
          ...observation('x'),
          feedback: undefined,
          moduleFeedback: { solver: 'Carry dropped.', checker: 'Missed it.' },
        },
      ],
    };
    const [slot] = planSynthesisEvent({ event: 0, attempts: 1, modes: [withModules], seed: 0 });
    expect(buildGeneratorPrompt({ signature: additionSignature, slot: slot! }).user).toContain(
      '## Feedback\n\nsolver: Carry dropped.\nchecker: Missed it.\n\n## Program Trace',
    );
    const bare = { ...mode('m', 1), observations: [{ ...observation('y'), feedback: undefined }] };
    const [other] = planSynthesisEvent({ event: 0, attempts: 1, modes: [bare], seed: 0 });
    expect(buildGeneratorPrompt({ signature: additionSignature, slot: other! }).user).toContain(
      '## Feedback\n\n(none)\n\n',
    );
  });

  it('lays out a random seed with only the intent and the source example', () => {
    const [slot] = planSynthesisEvent({
      event: 0,
      attempts: 1,
      modes: [],
      source: 'random',
      trainingInstances: [{ id: 't', input: { question: 'What is 1 + 2?' }, gold: { answer: 3 } }],
      seed: 0,
    });
    expect(buildGeneratorPrompt({ signature: additionSignature, slot: slot! }).user).toBe(
      [
        '# Task Signature JSON',
        signatureJson,
        '# Mutation Seed',
        '## Mutation Kind',
        'random',
        '## Source Example',
        '### Input\n\n#### question\nWhat is 1 + 2?\n\n### Gold\n\n#### answer\n3',
        'Generate one synthetic training example.',
      ].join('\n\n'),
    );
  });

  it('follows the paper section structure and describes every intent', () => {
    expect(generatorSystemPrompt.match(/^# .+$/gm)).toEqual([
      '# Role',
      '# Objective',
      '# Inputs',
      '# Core Principles',
      '# Decision Procedure',
      '# Hard Constraints',
      '# Output Contract',
    ]);
    for (const intent of ['positive', 'negative', 'boundary', 'stress', 'generic', 'random']) {
      expect(generatorSystemPrompt).toContain(`  - ${intent}: `);
    }
    expect(generatorSystemPrompt).toContain('<synthetic_example>');
  });
});
