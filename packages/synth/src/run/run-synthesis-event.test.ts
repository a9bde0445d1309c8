import { defineTool } from '@forge/provider';
import type { MockResponse } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { additionSignature, mode } from '../__fixtures__/modes.js';
import { example, type Script, scriptedModels, verdict } from '../__fixtures__/scripted-models.js';
import { planSynthesisEvent } from '../plan/plan-synthesis-event.js';
import type { SynthesisMode } from '../plan/synthesis-slot.js';
import type { AttemptRecord } from './attempt-record.js';
import { runSynthesisEvent } from './run-synthesis-event.js';

// One mode per scripted case, each with support 1: K = number of modes gives each mode exactly
// one slot, in order, so slot i is the case of mode i.
function modesFor(names: readonly string[]): SynthesisMode[] {
  return names.map((name, index) => mode(name, 1, index));
}

async function runCases(
  script: Script,
  options: Partial<Parameters<typeof runSynthesisEvent>[0]> = {},
) {
  const names = Object.keys(script);
  const modes = modesFor(names);
  const slots = planSynthesisEvent({ event: 0, attempts: names.length, modes, seed: 1 });
  const { generator, verifier } = scriptedModels(script);
  const result = await runSynthesisEvent({
    event: 0,
    slots,
    generatorModel: generator,
    verifierModel: verifier,
    signature: additionSignature,
    ...options,
  });
  const byMode = Object.fromEntries(result.attempts.map((record) => [record.modeName, record]));
  return { result, byMode, generator, verifier };
}

const accept = [verdict('true', 'true')];

describe('runSynthesisEvent: one outcome per attempt', () => {
  it('records every outcome path with its reason', async () => {
    const script: Script = {
      no_block: { generate: ['Here is an example: question 12+30, answer 42.'] },
      bad_json: {
        generate: ['<synthetic_example>{"question": "x", "answer": }</synthetic_example>'],
      },
      missing_field: {
        generate: ['<synthetic_example>{"question": "What is 5 + 8?"}</synthetic_example>'],
      },
      extra_field: { generate: [example('What is 6 + 9?', 15, { rationale: 'carry' })] },
      wrong_type: { generate: [example('What is 7 + 7?', '14.5')] },
      two_blocks: { generate: [`${example('a', 1)}\n${example('b', 2)}`] },
      malformed_verdict: {
        generate: [example('What is 15 + 27?', 42)],
        verify: [verdict('True', 'true')],
      },
      missing_verdict: {
        generate: [example('What is 16 + 27?', 43)],
        verify: ['Looks right to me.'],
      },
      invalid_only: {
        generate: [example('What is 17 + 27?', 45)],
        verify: [verdict('false', 'true')],
      },
      unfaithful_only: {
        generate: [example('What is 18 + 27?', 45)],
        verify: [verdict('true', 'false')],
      },
      neither: { generate: [example('What is 19 + 27?', 47)], verify: [verdict('false', 'false')] },
      good: { generate: [example('What is 28 + 17?', 45)], verify: accept },
    };
    const { result, byMode, verifier } = await runCases(script);
    const summary = (name: string) => [byMode[name]?.outcome, byMode[name]?.reasonCode];
    expect(summary('no_block')).toEqual(['generation-failed', 'missing-block']);
    expect(summary('bad_json')).toEqual(['generation-failed', 'invalid-json']);
    expect(summary('missing_field')).toEqual(['generation-failed', 'missing-field']);
    expect(byMode['missing_field']?.reason).toContain('answer');
    expect(summary('extra_field')).toEqual(['generation-failed', 'extra-field']);
    expect(byMode['extra_field']?.reason).toContain('rationale');
    expect(summary('wrong_type')).toEqual(['generation-failed', 'wrong-type']);
    expect(byMode['wrong_type']?.reason).toContain('expected an integer, got the string "14.5"');
    expect(summary('two_blocks')).toEqual(['generation-failed', 'multiple-blocks']);
    expect(summary('malformed_verdict')).toEqual(['verification-failed', 'malformed-verdict']);
    expect(byMode['malformed_verdict']?.reason).toContain('got "True"');
    expect(summary('missing_verdict')).toEqual(['verification-failed', 'malformed-verdict']);
    expect(summary('invalid_only')).toEqual(['rejected-validity', 'invalid']);
    expect(summary('unfaithful_only')).toEqual(['rejected-faithfulness', 'unfaithful']);
    expect(summary('neither')).toEqual(['rejected-both', 'invalid-and-unfaithful']);
    expect(summary('good')).toEqual(['admitted', 'admitted']);

    // The verifier ran only for the six candidates that coerced.
    expect(verifier.calls).toHaveLength(6);
    for (const name of ['no_block', 'bad_json', 'missing_field', 'extra_field', 'wrong_type']) {
      expect(byMode[name]?.verifierTranscript).toBeUndefined();
      expect(byMode[name]?.usage.verify).toEqual({ inputTokens: 0, outputTokens: 0 });
    }

    expect(result.attempts.map((record) => record.slot)).toEqual([...Array(12).keys()]);
    expect(result.admitted.map((instance) => instance.id)).toEqual(['syn-0-11']);
    expect(result.accounting.outcomes).toEqual({
      admitted: 1,
      'generation-failed': 6,
      leaked: 0,
      duplicate: 0,
      'verification-failed': 2,
      'rejected-validity': 1,
      'rejected-faithfulness': 1,
      'rejected-both': 1,
    });
    expect(result.accounting.attempts).toBe(12);
    expect(result.accounting.reasons['malformed-verdict']).toBe(2);
    expect(result.accounting.modes).toHaveLength(12);
    expect(result.accounting.usage.generate).toEqual({ inputTokens: 120, outputTokens: 60 });
    expect(result.accounting.usage.verify).toEqual({ inputTokens: 60, outputTokens: 30 });
  });

  it('admits with full provenance in the instance metadata', async () => {
    const { result } = await runCases({
      good: { generate: [example('What is 28 + 17?', 45)], verify: accept },
    });
    expect(result.admitted).toEqual([
      {
        id: 'syn-0-0',
        input: { question: 'What is 28 + 17?' },
        gold: { answer: 45 },
        metadata: {
          synthetic: true,
          event: 0,
          slot: 0,
          modeId: 'e0-m0',
          modeName: 'good',
          modeDescription: 'Description of good.',
          intent: 'positive',
          sourceObservationId: 'good-0',
          sourceInstanceId: 'train-good-0',
          generatorModel: 'mock:generator',
          verifierModel: 'mock:verifier',
          validityReason: 'checked the sum',
          faithfulnessReason: 'needs a carry as the failure did',
          usage: {
            generate: { inputTokens: 10, outputTokens: 5 },
            verify: { inputTokens: 10, outputTokens: 5 },
          },
        },
      },
    ]);
    expect(result.attempts[0]?.models).toEqual({
      generator: 'mock:generator',
      verifier: 'mock:verifier',
    });
  });

  it('converts lossless values by default and records them; strict coercion refuses them', async () => {
    const script: Script = {
      text_number: { generate: [example('What is 7 + 7?', '14')], verify: accept },
    };
    const lossless = await runCases(script);
    expect(lossless.result.admitted[0]?.gold).toEqual({ answer: 14 });
    expect(lossless.result.admitted[0]?.metadata?.['convertedFields']).toEqual(['answer']);
    const strict = await runCases(script, { guards: { coercion: 'strict' } });
    expect(strict.byMode['text_number']?.outcome).toBe('generation-failed');
    expect(strict.byMode['text_number']?.reason).toContain(
      'expected an integer, got the string "14"',
    );
    expect(strict.verifier.calls).toHaveLength(0);
  });
});

describe('runSynthesisEvent: guards', () => {
  it('stops duplicates of D, of the failed example and of lower slots before the verifier', async () => {
    // A long question: one changed word keeps the shingle similarity above 0.9.
    const story = (word: string, last: string) =>
      `A farmer keeps ${word} hens in the north barn and sixty-one ducks in the south barn; every morning the children count all of the birds twice, write the number on the kitchen board, and then feed them. How many birds are there in ${last}?`;
    const script: Script = {
      copies_d: { generate: [example('What is 250 + 250?', 500)] },
      // The failed example of this mode reads "Question copies_source-0: what is 19 + 23?".
      copies_source: { generate: [example('question COPIES source 0: WHAT is 19 + 23', 42)] },
      first: { generate: [example(story('thirty-nine', 'total'), 100)], verify: accept },
      conflicting: { generate: [example('What is 250 + 250?', 501)] },
      near_first: { generate: [example(story('thirty-nine', 'all'), 100)] },
      boundary: { generate: [example(story('thirty-eight', 'total'), 99)], verify: accept },
    };
    const existingInstances = [
      { id: 'train-9', input: { question: 'What is 250 + 250?' }, gold: { answer: 500 } },
    ];
    const { byMode, verifier } = await runCases(script, { existingInstances });
    expect(byMode['copies_d']).toMatchObject({
      outcome: 'duplicate',
      reasonCode: 'duplicate-exact',
      guardMatch: { guard: 'duplicate', kind: 'exact', matchedId: 'train-9', score: 1 },
    });
    expect(byMode['copies_source']).toMatchObject({
      outcome: 'duplicate',
      guardMatch: { matchedId: 'train-copies_source-0' },
    });
    expect(byMode['conflicting']).toMatchObject({
      outcome: 'duplicate',
      reasonCode: 'duplicate-conflicting-gold',
    });
    expect(byMode['conflicting']?.reason).toContain('different gold');
    expect(byMode['first']?.outcome).toBe('admitted');
    expect(byMode['near_first']).toMatchObject({
      outcome: 'duplicate',
      reasonCode: 'duplicate-near',
      guardMatch: { kind: 'near', matchedId: 'syn-0-2' },
    });
    expect(byMode['near_first']?.instance?.id).toBe('syn-0-4');
    expect(byMode['boundary']?.outcome).toBe('admitted');
    expect(verifier.calls).toHaveLength(2);
  });

  it('stops candidates that reproduce an evaluation item, and can be switched off', async () => {
    const holdout = [
      {
        id: 'val-3',
        input: {
          question: 'Tom has 17 apples and buys 25 more; how many apples does he have now?',
        },
        gold: { answer: 42 },
      },
    ];
    const script: Script = {
      leaky: {
        generate: [
          example('Tom has 17 apples and buys 26 more; how many apples does he have now?', 43),
        ],
        verify: accept,
      },
      fresh: {
        generate: [example('Ana reads 38 pages, then 47 more. How many pages?', 85)],
        verify: accept,
      },
    };
    const guarded = await runCases(script, { holdout });
    expect(guarded.byMode['leaky']).toMatchObject({
      outcome: 'leaked',
      reasonCode: 'leak-ngram-overlap',
      guardMatch: { guard: 'leakage', matchedId: 'val-3' },
    });
    expect(guarded.byMode['leaky']?.reason).toContain('evaluation item val-3');
    expect(guarded.byMode['fresh']?.outcome).toBe('admitted');
    expect(guarded.verifier.calls).toHaveLength(1);

    const unguarded = await runCases(script, {
      holdout,
      guards: { leakage: false, duplicates: false },
    });
    expect(unguarded.byMode['leaky']?.outcome).toBe('admitted');
  });

  it('decides within-event duplicates by slot index, not by completion order', async () => {
    const script: Script = {
      slow_first: { generate: [example('What is 33 + 48?', 81)], verify: accept },
      other: { generate: [example('What is 12 + 99?', 111)], verify: accept },
      fast_copy: { generate: [example('what is 33+48', 81)], verify: accept },
    };
    const modes = modesFor(Object.keys(script));
    const slots = planSynthesisEvent({ event: 0, attempts: 3, modes, seed: 1 });
    const { generator, verifier } = scriptedModels(script, (failureMode) =>
      failureMode === 'slow_first' ? 60 : 0,
    );
    const result = await runSynthesisEvent({
      event: 0,
      slots,
      generatorModel: generator,
      verifierModel: verifier,
      signature: additionSignature,
      concurrency: 3,
    });
    expect(result.attempts.map((record) => record.outcome)).toEqual([
      'admitted',
      'admitted',
      'duplicate',
    ]);
    expect(result.attempts[2]?.guardMatch?.matchedId).toBe('syn-0-0');
  });
});

describe('runSynthesisEvent: what each agent sees', () => {
  it('gives the generator the source trace and the verifier only the flattened context', async () => {
    const lookup = defineTool({
      name: 'lookup',
      description: 'Looks something up.',
      inputSchema: z.object({ query: z.string() }),
      execute: ({ query }) => `result for ${query}`,
    });
    const generate: MockResponse[] = [
      {
        text: 'Let me check a fact.',
        reasoning: 'HIDDEN-GENERATOR-REASONING',
        toolCalls: [{ id: 'g1', name: 'lookup', input: { query: 'carry' } }],
      },
      example('What is 28 + 17?', 45),
    ];
    const { byMode, generator, verifier } = await runCases(
      { carry: { generate, verify: accept } },
      { tools: [lookup] },
    );
    const generatorPrompt = generator.requests[0]?.messages[0]?.content ?? '';
    expect(generatorPrompt).toContain('## Program Trace');
    expect(generatorPrompt).toContain('SOURCE-TRACE-MARKER');
    expect(generator.requests.every((request) => request.metadata?.role === 'generate')).toBe(true);
    expect(generator.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['lookup']);

    const verifierPrompt = verifier.requests[0]?.messages[0]?.content ?? '';
    expect(verifierPrompt).not.toContain('SOURCE-TRACE-MARKER');
    expect(verifierPrompt).not.toContain('HIDDEN-GENERATOR-REASONING');
    expect(verifierPrompt).toContain('**tool result** `lookup` (id g1)\n\nresult for carry');
    expect(verifierPrompt).toContain('## Feedback\n\nExpected 42, got 32 (carry-0).');
    expect(verifier.requests[0]?.metadata).toEqual({ role: 'verify' });
    expect(verifier.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['lookup']);
    expect(JSON.stringify(byMode['carry'])).not.toContain('HIDDEN-GENERATOR-REASONING');
  });
});

describe('runSynthesisEvent: random synthesis', () => {
  it('runs seeds without a failure mode through the same path', async () => {
    const trainingInstances = [
      { id: 't1', input: { question: 'What is 2 + 2?' }, gold: { answer: 4 } },
    ];
    const slots = planSynthesisEvent({
      event: 1,
      attempts: 2,
      modes: [],
      source: 'random',
      trainingInstances,
      seed: 3,
    });
    const { MockLanguageModel } = await import('@forge/provider/testing');
    const generator = new MockLanguageModel({
      responses: (request) => {
        const user = request.messages[0]?.content ?? '';
        expect(user).toContain('## Mutation Kind\n\nrandom\n\n## Source Example');
        expect(user).not.toContain('## Failure Cluster');
        return example(`What is ${user.length % 50} + 100?`, (user.length % 50) + 100);
      },
    });
    const verifier = new MockLanguageModel({ responses: () => verdict('true', 'true') });
    const result = await runSynthesisEvent({
      event: 1,
      slots,
      generatorModel: generator,
      verifierModel: verifier,
      signature: additionSignature,
    });
    const records: readonly AttemptRecord[] = result.attempts;
    expect(
      records.map((record) => [record.intent, record.modeId, record.sourceInstanceId]),
    ).toEqual([
      ['random', undefined, 't1'],
      ['random', undefined, 't1'],
    ]);
    // Both slots saw the same prompt and wrote the same example: the second is a duplicate.
    expect(records.map((record) => record.outcome)).toEqual(['admitted', 'duplicate']);
    expect(result.accounting.modes).toEqual([
      { attempts: 2, outcomes: expect.objectContaining({ admitted: 1, duplicate: 1 }) },
    ]);
  });
});
