import { MemoryCheckpointStore, type MethodEvent } from '@forge/method';
import { checkMethodResume, createMethodTestContext, toyInstances } from '@forge/method/testing';
import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { toyAceOptimizer, toyAceReflector } from './__fixtures__/toy-ace-models.js';
import { toyAceTask } from './__fixtures__/toy-ace-task.js';
import { aceMethod } from './ace-method.js';

const userOf = (request: GenerateRequest) => {
  const first = request.messages[0];
  return first !== undefined && 'content' in first ? String(first.content) : '';
};

/**
 * A curator that, once the playbook holds a bullet, asks for every operation: UPDATE and DELETE
 * of the first bullet, a MERGE of the first two, and an ADD of the reflection's rule.
 */
function greedyCurator(): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'greedy-curator',
    responses: (request) => {
      const user = userOf(request);
      const ids = [...user.matchAll(/^\[([^\]]+)\] helpful=/gm)].map((match) => match[1]);
      const rule = /(rule-\w+)/.exec(user.slice(user.indexOf('# Recent Reflection')))?.[1];
      const operations: Record<string, unknown>[] = [];
      if (rule !== undefined && !user.includes(`need ${rule}.\n`) && !ids.length) {
        operations.push({ type: 'ADD', section: 'others', content: `Inputs need ${rule}.` });
      } else if (rule !== undefined) {
        operations.push({ type: 'UPDATE', bullet_id: ids[0], content: `Rewritten: ${rule}.` });
        if (ids.length > 1)
          operations.push({ type: 'MERGE', source_ids: ids.slice(0, 2), content: 'Merged.' });
        operations.push({ type: 'DELETE', bullet_id: ids[ids.length - 1] });
        operations.push({ type: 'ADD', section: 'others', content: `Inputs need ${rule}.` });
      }
      return JSON.stringify({ reasoning: 'Everything at once.', operations });
    },
  });
}

function run(settings: Record<string, unknown>, options: { curator?: MockLanguageModel } = {}) {
  const reflector = toyAceReflector();
  const curator = options.curator;
  const test = createMethodTestContext({
    ...toyAceTask(),
    optimizerModel:
      curator === undefined
        ? toyAceOptimizer()
        : (role) => (role === 'curate' ? curator : reflector),
    budget: { maxEvaluations: 400 },
    seed: 3,
    settings: aceMethod.parseSettings?.(settings) ?? {},
  });
  return { test, run: () => aceMethod.run(test.context) };
}

const trainingOrder = (events: readonly MethodEvent[]) =>
  events.flatMap((event) =>
    event.type === 'evaluation-end' && event.target === 'generate' ? [event.instanceId] : [],
  );

describe('ACE with profile reference', () => {
  it('offers and applies ADD only: the playbook only grows', async () => {
    const curator = greedyCurator();
    const { run: start } = run({ profile: 'reference', evalSteps: 4 }, { curator });
    const result = await start();
    for (const request of curator.requests) {
      expect(request.system).toContain('"type": "ADD"');
      expect(request.system).not.toMatch(/UPDATE|MERGE|DELETE/);
    }
    const applied = (result.summary?.['applied'] ?? {}) as Record<string, number>;
    const rejected = (result.summary?.['rejected'] ?? {}) as Record<string, number>;
    expect(Object.keys(applied)).toEqual(['ADD']);
    expect(rejected['unsupported-operation']).toBeGreaterThan(0);
    // Every ADD made a bullet and none was removed.
    const added = applied['ADD'];
    expect(added).toBeGreaterThan(1);
    expect(result.summary?.['finalPlaybook']).toMatchObject({ bullets: added });
  });

  it('paper applies the same UPDATE, MERGE and DELETE operations', async () => {
    const { run: start } = run({}, { curator: greedyCurator() });
    const result = await start();
    const applied = result.summary?.['applied'] as Record<string, number>;
    expect(applied['DELETE']).toBeGreaterThan(0);
    expect(applied['UPDATE']).toBeGreaterThan(0);
  });

  it('runs exactly one epoch in file order, and with fewer samples than evalSteps returns the seed', async () => {
    const { test, run: start } = run({ profile: 'reference' });
    const result = await start();
    expect(trainingOrder(test.events)).toEqual(toyInstances('t', 8).map((instance) => instance.id));
    expect(result.stopReason).toBe('epochs completed (1)');
    expect(result.summary?.['epochsCompleted']).toBe(1);
    // 8 samples never reach eval_steps = 100: no playbook is validated, the seed is the result
    // (the reference's best_playbook stays its initial playbook, ace/ace.py:674, :736).
    expect(result.candidates).toBe(1);
    expect(result.bestCandidateIndex).toBe(0);
    expect(result.summary?.['finalPlaybook']).toMatchObject({ bullets: 4 });
  });

  it('validates every evalSteps samples and not at the epoch end', async () => {
    const { test, run: start } = run({ profile: 'reference', evalSteps: 3 });
    const result = await start();
    const validatedAfter = test.events.flatMap((event) =>
      event.type === 'candidate-validated' ? [event.evaluationsUsed] : [],
    );
    // The seed, then after samples 3 and 6; sample 8 ends the epoch without a pass.
    expect(validatedAfter).toHaveLength(3);
    expect(result.candidates).toBe(3);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
  });

  it('validates the playbook whenever a pass falls due, even when nothing changed', async () => {
    // ace/ace.py:736–756 evaluates the validation set at every `eval_steps` step; it never
    // compares the playbook with the last one validated.
    const idle = new MockLanguageModel({
      modelId: 'idle-curator',
      responses: () => JSON.stringify({ reasoning: 'Nothing to add.', operations: [] }),
    });
    const { test, run: start } = run({ profile: 'reference', evalSteps: 2 }, { curator: idle });
    const result = await start();
    expect(result.summary?.['finalPlaybook']).toMatchObject({ bullets: 0 });
    // The seed, then after samples 2, 4, 6 and 8, every pass of the same empty playbook.
    expect(result.candidates).toBe(5);
    expect(test.events.filter((event) => event.type === 'candidate-validated')).toHaveLength(5);
    expect(result.bestCandidateIndex).toBe(0);
  });

  it('paper shuffles, validates at epoch ends and stops when an epoch changes nothing', async () => {
    const { test, run: start } = run({});
    const result = await start();
    const order = trainingOrder(test.events);
    expect(order.slice(0, 8)).not.toEqual(toyInstances('t', 8).map((instance) => instance.id));
    expect(result.stopReason).toMatch(/^converged/);
    expect(result.candidates).toBeGreaterThan(1);
  });

  it('resumes a reference run to the identical result', async () => {
    const report = await checkMethodResume(aceMethod, {
      ...toyAceTask(),
      optimizerModel: toyAceOptimizer(),
      budget: { maxEvaluations: 400 },
      seed: 3,
      settings: aceMethod.parseSettings?.({ profile: 'reference', evalSteps: 3 }) ?? {},
      cutAfterEvaluations: [5, 17, 30],
    });
    expect(report.resumed).toEqual(report.whole);
  });
});

describe('reference runs saved before the reference rules of revision 2', () => {
  it('are refused on resume, naming the revision', async () => {
    const base = {
      ...toyAceTask(),
      optimizerModel: toyAceOptimizer(),
      budget: { maxEvaluations: 400 },
      seed: 3,
      settings: aceMethod.parseSettings?.({ profile: 'reference', evalSteps: 3 }) ?? {},
    };
    // A run cut after its first save: its header as this version writes it.
    const checkpoints = new MemoryCheckpointStore();
    const controller = new AbortController();
    const first = createMethodTestContext({
      ...base,
      checkpoints,
      abortSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'candidate-validated') controller.abort(new Error('cut'));
      },
    });
    await expect(aceMethod.run(first.context)).rejects.toThrow();
    const saved = await checkpoints.load();
    expect(saved?.header.identity['referenceRevision']).toBe(2);
    // The same run as the previous revision saved it: no revision in its identity.
    const { referenceRevision: _revision, ...older } = saved?.header.identity ?? {};
    const previous = new MemoryCheckpointStore();
    await previous.initialize({
      ...(saved?.header ?? { method: 'ace', formatVersion: 1 }),
      identity: older,
    });
    const resumed = createMethodTestContext({ ...base, checkpoints: previous });
    await expect(aceMethod.run(resumed.context)).rejects.toThrow(/referenceRevision/);
  });
});
