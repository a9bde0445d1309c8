import { describe, expect, it } from 'vitest';
import { additionSignature, mode } from '../__fixtures__/modes.js';
import { example, type Script, scriptedModels, verdict } from '../__fixtures__/scripted-models.js';
import { planSynthesisEvent } from '../plan/plan-synthesis-event.js';
import type { SynthesisMode } from '../plan/synthesis-slot.js';
import { runSynthesisEvent } from './run-synthesis-event.js';
import { SynthesisError } from './synthesis-error.js';
import { createMemoryJournal } from './synthesis-journal.js';

// One mode per scripted case, each with support 1: K = number of modes gives each mode exactly
// one slot, in order, so slot i is the case of mode i. Outcome and guard paths are in
// run-synthesis-event.test.ts; this file covers concurrency, completion order and resume.
function modesFor(names: readonly string[]): SynthesisMode[] {
  return names.map((name, index) => mode(name, 1, index));
}

describe('runSynthesisEvent: concurrency, order and resume', () => {
  const names = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
  const script: Script = Object.fromEntries(
    names.map((name, index) => [
      name,
      {
        generate: [
          index % 3 === 2
            ? 'no block'
            : example(`What is ${index} + ${index * 7} + 13?`, index * 8 + 13),
        ],
        verify: [verdict(index % 2 === 0 ? 'true' : 'false', 'true')],
      },
    ]),
  );
  const modes = modesFor(names);
  const slots = planSynthesisEvent({ event: 2, attempts: names.length, modes, seed: 'order' });

  async function runWith(latency: (failureMode: string) => number, concurrency: number) {
    const { generator, verifier } = scriptedModels(script, latency);
    let inFlight = 0;
    let peak = 0;
    const track = (model: typeof generator) => {
      const original = model.generate.bind(model);
      model.generate = async (request) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          return await original(request);
        } finally {
          inFlight--;
        }
      };
    };
    track(generator);
    track(verifier);
    const result = await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: generator,
      verifierModel: verifier,
      signature: additionSignature,
      concurrency,
    });
    return { result, peak };
  }

  it('gives the same records whatever order calls complete in, within the concurrency limit', async () => {
    const forward = await runWith((failureMode) => Number(failureMode.slice(1)) * 4, 3);
    const backward = await runWith((failureMode) => (8 - Number(failureMode.slice(1))) * 4, 5);
    expect(backward.result).toEqual(forward.result);
    expect(forward.peak).toBeLessThanOrEqual(3);
    expect(forward.peak).toBeGreaterThan(1);
    expect(backward.peak).toBeLessThanOrEqual(5);
    expect(forward.result.admitted.map((instance) => instance.id)).toEqual([
      'syn-2-0',
      'syn-2-4',
      'syn-2-6',
    ]);
  });

  it('re-uses journaled attempts instead of paying for them again', async () => {
    const journal = createMemoryJournal();
    const seen: [number, boolean][] = [];
    const first = scriptedModels(script);
    const original = await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: first.generator,
      verifierModel: first.verifier,
      signature: additionSignature,
      journal,
    });
    expect(journal.records.size).toBe(8);

    const second = scriptedModels(script);
    const resumed = await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: second.generator,
      verifierModel: second.verifier,
      signature: additionSignature,
      journal,
      onAttemptEnd: (record, info) => seen.push([record.slot, info.fromJournal]),
    });
    expect(second.generator.calls).toHaveLength(0);
    expect(second.verifier.calls).toHaveLength(0);
    expect(resumed).toEqual(original);
    expect(seen.every(([, fromJournal]) => fromJournal)).toBe(true);
  });

  it('tells the listener of each new attempt right before journaling it, never after', async () => {
    const memory = createMemoryJournal();
    const order: string[] = [];
    const journal = {
      get: memory.get.bind(memory),
      put: async (record: Parameters<typeof memory.put>[0]) => {
        order.push(`put ${record.slot}`);
        await memory.put(record);
      },
    };
    const models = scriptedModels(script, (failureMode) => (8 - Number(failureMode.slice(1))) * 2);
    await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: models.generator,
      verifierModel: models.verifier,
      signature: additionSignature,
      journal,
      concurrency: 4,
      onAttemptEnd: (record) => order.push(`end ${record.slot}`),
    });
    expect(order).toHaveLength(16);
    // Each put follows its own end at once: nothing runs in between (a store's put saves what
    // the listener recorded in the same transaction).
    for (let index = 0; index < order.length; index += 2) {
      expect(order[index + 1]).toBe(order[index]?.replace('end', 'put'));
    }
  });

  it('fails the event on a model error, keeps finished attempts, and completes on resume', async () => {
    const journal = createMemoryJournal();
    const broken = scriptedModels(script, (failureMode) => (failureMode === 'm5' ? 20 : 0));
    const generate = broken.generator.generate.bind(broken.generator);
    broken.generator.generate = async (request) => {
      if ((request.messages[0]?.content ?? '').includes('## Failure Cluster\n\nm5')) {
        throw new Error('HTTP 503 from the provider');
      }
      return generate(request);
    };
    let caught: unknown;
    try {
      await runSynthesisEvent({
        event: 2,
        slots,
        generatorModel: broken.generator,
        verifierModel: broken.verifier,
        signature: additionSignature,
        journal,
        concurrency: 8,
      });
    } catch (error) {
      caught = error;
    }
    expect(SynthesisError.isInstance(caught)).toBe(true);
    expect((caught as SynthesisError).slots).toEqual([5]);
    expect((caught as Error).message).toContain('slot 5 failed: HTTP 503');
    const finished = journal.records.size;
    expect(finished).toBeGreaterThan(0);
    expect(finished).toBeLessThan(8);

    const healthy = scriptedModels(script);
    const resumed = await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: healthy.generator,
      verifierModel: healthy.verifier,
      signature: additionSignature,
      journal,
    });
    expect(healthy.generator.calls.length).toBe(8 - finished);
    const reference = scriptedModels(script);
    const uninterrupted = await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: reference.generator,
      verifierModel: reference.verifier,
      signature: additionSignature,
    });
    expect(resumed).toEqual(uninterrupted);
  });

  it('refuses a journal written for other seeds', async () => {
    const journal = createMemoryJournal();
    const models = scriptedModels(script);
    await runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: models.generator,
      verifierModel: models.verifier,
      signature: additionSignature,
      journal,
    });
    const reordered = slots.map(
      (slot, index) => ({ ...slot, intent: index % 2 === 0 ? 'stress' : slot.intent }) as const,
    );
    await expect(
      runSynthesisEvent({
        event: 2,
        slots: reordered,
        generatorModel: models.generator,
        verifierModel: models.verifier,
        signature: additionSignature,
        journal,
      }),
    ).rejects.toThrow('made for another seed');
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const { generator, verifier } = scriptedModels(script, () => 30);
    const running = runSynthesisEvent({
      event: 2,
      slots,
      generatorModel: generator,
      verifierModel: verifier,
      signature: additionSignature,
      abortSignal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop requested')), 5);
    await expect(running).rejects.toThrow('stop requested');
  });
});
