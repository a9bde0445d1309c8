import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { answer, makeObservation } from '../__fixtures__/observations.js';
import { createFailureMemory } from '../state/failure-memory-state.js';
import { assignObservation, assignObservations } from './assign-observation.js';
import { assignerSystemPrompt } from './assigner-prompt.js';

describe('assignObservation', () => {
  it('calls the model once with the assigner prompt and role, then applies the answer', async () => {
    const text = answer(null, 'off_by_one', 'Final step off by one.');
    const model = new MockLanguageModel({
      responses: [{ text, usage: { inputTokens: 100, outputTokens: 20 }, costUsd: 0.01 }],
    });
    const result = await assignObservation({
      model,
      state: createFailureMemory(),
      observation: makeObservation('o-1'),
      maxOutputTokens: 2000,
    });
    expect(model.calls).toHaveLength(1);
    const request = model.requests[0]!;
    expect(request.system).toBe(assignerSystemPrompt);
    expect(request.metadata).toEqual({ role: 'assign' });
    expect(request.maxOutputTokens).toBe(2000);
    expect(request.messages[0]?.content).toContain('# Failure Observation');
    expect(result.outcome).toEqual({ action: 'create', modeId: 'e0-m0', name: 'off_by_one' });
    expect(result.responseText).toBe(text);
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    expect(result.costUsd).toBe(0.01);
  });

  it('turns a malformed answer into a counted no-op, not an error', async () => {
    const model = new MockLanguageModel({ responses: ['{"cluster_name": null}'] });
    const result = await assignObservation({
      model,
      state: createFailureMemory(),
      observation: makeObservation('o-1'),
    });
    expect(result.outcome).toMatchObject({ action: 'no-op', reason: 'missing-block' });
    expect(result.state.noOps['missing-block']).toBe(1);
    expect(result.state.modes).toEqual([]);
  });

  it('lets model-call failures propagate', async () => {
    const model = new MockLanguageModel({ responses: [new Error('HTTP 503')] });
    await expect(
      assignObservation({ model, state: createFailureMemory(), observation: makeObservation('x') }),
    ).rejects.toThrow('HTTP 503');
  });
});

describe('assignObservations', () => {
  it('processes a minibatch in order; each request sees the catalogue left by the previous', async () => {
    const model = new MockLanguageModel({
      responses: [
        answer(null, 'off_by_one', 'Off by one.'),
        answer('off_by_one', 'arithmetic_slip', 'Arithmetic slip.'),
        answer('arithmetic_slip', null, null),
      ],
      latencyMs: (index) => 30 - index * 10,
    });
    const seen: string[] = [];
    const result = await assignObservations({
      model,
      state: createFailureMemory(),
      observations: ['o-1', 'o-2', 'o-3'].map((id) => makeObservation(id)),
      onAssigned: (_result, observation) => seen.push(observation.id),
    });
    expect(seen).toEqual(['o-1', 'o-2', 'o-3']);
    const catalogues = model.requests.map(
      (request) =>
        /# Existing Failure Clusters\n\n([\s\S]*?)\n\n# Failure/.exec(
          request.messages[0]!.content,
        )?.[1],
    );
    expect(catalogues.map((text) => JSON.parse(text ?? 'null'))).toEqual([
      [],
      [{ cluster_name: 'off_by_one', failure_description: 'Off by one.' }],
      [{ cluster_name: 'arithmetic_slip', failure_description: 'Arithmetic slip.' }],
    ]);
    expect(result.assignments.map((entry) => entry.outcome.action)).toEqual([
      'create',
      'rename',
      'assign',
    ]);
    expect(result.state.modes[0]?.observations).toHaveLength(3);
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 15 });
  });
});
