import { InvalidArgumentError } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { additionSignature, mode, observation } from '../__fixtures__/modes.js';
import { example, failureModeOf, verdict } from '../__fixtures__/scripted-models.js';
import { formatSynthesisReport } from './synthesis-report.js';
import { synthesize } from './synthesize.js';

function assignment(
  failureMode: string | null,
  name: string | null,
  description: string | null,
): string {
  return `<assignment>${JSON.stringify({
    cluster_name: failureMode,
    new_cluster_name: name,
    new_failure_description: description,
  })}</assignment>`;
}

describe('synthesize', () => {
  it('clusters failures, then generates, verifies and reports', async () => {
    const failures = ['a', 'b', 'c', 'd'].map((id) => observation(id));
    const assignments = [
      assignment(null, 'dropped_carry', 'Drops the carry in two-digit addition.'),
      assignment('dropped_carry', null, null),
      'not an assignment',
      assignment(null, 'reads_minus_as_plus', 'Treats subtraction as addition.'),
    ];
    let generated = 0;
    const model = new MockLanguageModel({
      modelId: 'optimizer',
      responses: (request, index) => {
        if (request.metadata?.role === 'assign') return assignments[index] ?? 'unexpected';
        if (request.metadata?.role === 'generate') {
          generated++;
          const failureMode = failureModeOf(request);
          const n = failureMode === 'dropped_carry' ? 20 : 70;
          const intent = /## Mutation Kind\n\n(\w+)/.exec(request.messages[0]?.content ?? '')?.[1];
          const offset = ['positive', 'negative', 'boundary', 'stress'].indexOf(intent ?? '');
          return example(`What is ${n + offset} + 25?`, n + offset + 25);
        }
        // The verifier rejects odd sums as invalid, so admissions are known in advance.
        const answerIsOdd = /"answer": \d*[13579]\n/.test(request.messages[0]?.content ?? '');
        return verdict(answerIsOdd ? 'false' : 'true', 'true');
      },
    });
    const result = await synthesize({
      model,
      signature: additionSignature,
      failures,
      attempts: 5,
      seed: 11,
    });
    expect(result.memory?.actions).toEqual({ create: 2, assign: 1, rename: 0 });
    expect(result.memory?.noOps['missing-block']).toBe(1);
    expect(result.modes.map((entry) => [entry.name, entry.observations.length])).toEqual([
      ['dropped_carry', 2],
      ['reads_minus_as_plus', 1],
    ]);
    // 5 attempts over supports 2 and 1: 3 and 2 (remainders 1/3 and 2/3).
    expect(result.attempts.map((record) => [record.modeName, record.intent])).toEqual([
      ['dropped_carry', 'positive'],
      ['dropped_carry', 'negative'],
      ['dropped_carry', 'boundary'],
      ['reads_minus_as_plus', 'stress'],
      ['reads_minus_as_plus', 'positive'],
    ]);
    expect(generated).toBe(5);
    expect(result.admitted.map((instance) => [instance.id, instance.gold['answer']])).toEqual([
      ['syn-0-1', 46],
      ['syn-0-3', 98],
    ]);
    expect(result.rejected.map((record) => record.outcome)).toEqual([
      'rejected-validity',
      'rejected-validity',
      'rejected-validity',
    ]);
    expect(result.report).toMatchObject({
      event: 0,
      attempts: 5,
      admitted: 2,
      admissionRate: 0.4,
      models: {
        generator: 'mock:optimizer',
        verifier: 'mock:optimizer',
        assigner: 'mock:optimizer',
      },
      assignment: { actions: { create: 2, assign: 1, rename: 0 } },
    });
    expect(
      result.report.modes.map((entry) => [
        entry.name,
        entry.support,
        entry.attempts,
        entry.outcomes.admitted,
      ]),
    ).toEqual([
      ['dropped_carry', 2, 3, 1],
      ['reads_minus_as_plus', 1, 2, 1],
    ]);
    expect(result.report.usage.assign).toEqual({ inputTokens: 40, outputTokens: 20 });
    expect(result.report.usage.total).toEqual({ inputTokens: 140, outputTokens: 70 });
    const text = formatSynthesisReport(result.report);
    expect(text).toContain('synthesis event 0: 2/5 admitted (40%)');
    expect(text).toContain('dropped_carry: 2 → 3 → 1');
    expect(text).toContain('assigner: 2 created, 1 assigned, 0 renamed, 1 no-op');
  });

  it('takes ready failure modes and a separate verifier, with generic intents', async () => {
    const generator = new MockLanguageModel({
      modelId: 'writer',
      responses: (request) => {
        expect(request.messages[0]?.content).toContain('## Mutation Kind\n\ngeneric');
        return example(
          `What is ${request.messages[0]?.content.length ?? 0} + 1?`,
          (request.messages[0]?.content.length ?? 0) + 1,
        );
      },
    });
    const verifier = new MockLanguageModel({
      modelId: 'judge',
      responses: () => verdict('true', 'true'),
    });
    const result = await synthesize({
      model: generator,
      verifierModel: verifier,
      signature: additionSignature,
      failureModes: [mode('alpha', 2, 0), mode('beta', 2, 1)],
      intents: 'generic',
      attempts: 2,
      seed: 'x',
    });
    expect(result.memory).toBeUndefined();
    expect(result.report.models).toEqual({ generator: 'mock:writer', verifier: 'mock:judge' });
    expect(generator.calls).toHaveLength(2);
    expect(verifier.calls).toHaveLength(2);
    expect(result.attempts.map((record) => record.intent)).toEqual(['generic', 'generic']);
  });

  it('runs the random-synthesis ablation from training instances', async () => {
    const trainingInstances = [
      { id: 't1', input: { question: 'What is 2 + 2?' }, gold: { answer: 4 } },
      { id: 't2', input: { question: 'What is 3 + 3?' }, gold: { answer: 6 } },
    ];
    let count = 0;
    const model = new MockLanguageModel({
      responses: (request) => {
        if (request.metadata?.role === 'verify') return verdict('true', 'true');
        count++;
        return example(`What is ${count * 11} + 5?`, count * 11 + 5);
      },
    });
    const result = await synthesize({
      model,
      signature: additionSignature,
      source: 'random',
      trainingInstances,
      attempts: 3,
      seed: 2,
      concurrency: 1,
    });
    expect(result.attempts.map((record) => record.intent)).toEqual(['random', 'random', 'random']);
    expect(result.admitted).toHaveLength(3);
    expect(result.report.modes).toEqual([]);
  });

  it.each([
    [{ failures: [], failureModes: [] }, 'failures'],
    [{}, 'failures'],
    [{ failureModes: [mode('alpha', 0)] }, 'failureModes[0]'],
    [{ failureModes: [mode('alpha', 1, 0), mode('beta', 1, 0)] }, 'failureModes'],
    [{ failureModes: [], attempts: -1 }, 'attempts'],
    [{ source: 'random' as const }, 'trainingInstances'],
  ])('rejects inconsistent options %#', async (extra, argument) => {
    const model = new MockLanguageModel({ responses: [] });
    let caught: unknown;
    try {
      await synthesize({ model, signature: additionSignature, attempts: 1, seed: 0, ...extra });
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as InvalidArgumentError).argument).toBe(argument);
    expect(model.calls).toHaveLength(0);
  });
});
