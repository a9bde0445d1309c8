import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import { createMemoryJournal } from '@forge/synth';
import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '../events/search-event.js';
import { MemoryRunStore } from '../store/run-store.js';
import { toyOptimizer } from '../testing/toy-optimizer.js';
import { runSearch } from './run-search.js';
import type { SearchOptions } from './search-options.js';

const signature = defineSignature({
  name: 'Toy',
  inputFields: [
    { name: 'category', type: 'str', description: 'Category.' },
    { name: 'value', type: 'int', description: 'Value.' },
  ],
  outputFields: [{ name: 'answer', type: 'str', description: 'Answer.' }],
});

// The reflector never proposes, so validation never improves and patience runs out.
const stuckOptimizer = () =>
  toyOptimizer({ transform: (text) => (text.startsWith('Thinking.') ? 'no proposal' : text) });

const options = (overrides: Partial<SearchOptions> = {}): SearchOptions => ({
  program: toyProgram(),
  evaluate: toyEvaluate,
  taskModel: toyTaskModel(),
  optimizerModel: stuckOptimizer(),
  train: toyInstances('t', 10),
  validation: toyInstances('v', 8),
  maxEvaluations: 400,
  maxSteps: 14,
  seed: 5,
  synthesis: { variant: 'forge', attempts: 6, epochs: 2, patience: 3, signature },
  ...overrides,
});

describe('synthesis events in the loop', () => {
  it('fires after P steps without gain, admits instances, and the next minibatches draw them first', async () => {
    const events: SearchEvent[] = [];
    const result = await runSearch(options({ onEvent: (event) => events.push(event) }));
    const first = result.state.synthesis[0];
    expect(first?.step).toBe(3);
    expect(first?.attempts).toBe(6);
    expect(first?.admitted.length).toBeGreaterThan(0);
    expect(result.state.synthesis).toHaveLength(2);
    expect(result.state.synthesis[1]?.step).toBe(6);
    // Admitted instances join D after the originals.
    expect(result.state.trainingIds.slice(10)).toEqual(
      result.state.synthesis.flatMap((event) => event.admitted),
    );
    expect(
      result.trainingInstances
        .slice(10)
        .every((instance) => instance.metadata?.['synthetic'] === true),
    ).toBe(true);

    // After the event at step 3, the refreshed order puts the unconsumed and new ids first.
    const history = result.history;
    const consumedBefore = new Set(history.slice(0, 3).flatMap((record) => record.minibatch));
    const unconsumed = result.state.trainingIds
      .slice(0, 10)
      .filter((id) => !consumedBefore.has(id));
    const firstGroup = new Set([...unconsumed, ...(first?.admitted ?? [])]);
    const afterward = history.slice(3).flatMap((record) => record.minibatch);
    const drawnFirst = afterward.slice(0, firstGroup.size);
    expect(new Set(drawnFirst)).toEqual(firstGroup);
    for (const id of first?.admitted ?? []) expect(drawnFirst).toContain(id);

    // Events: start, one attempt-end per slot, end; the memory epoch advanced.
    const starts = events.filter((event) => event.type === 'synthesis-start');
    const ends = events.filter((event) => event.type === 'synthesis-end');
    expect(starts).toHaveLength(2);
    expect(ends).toHaveLength(2);
    expect(
      events.filter((event) => event.type === 'attempt-end' && event.event === 0),
    ).toHaveLength(6);
    expect(result.state.memory.epoch).toBe(2);
  });

  it('cycles the four intents across modes, restarting at positive each event', async () => {
    const events: SearchEvent[] = [];
    await runSearch(options({ onEvent: (event) => events.push(event) }));
    for (const event of [0, 1]) {
      const intents = events
        .filter((item) => item.type === 'attempt-end' && item.event === event)
        .sort((a, b) => (a as { slot: number }).slot - (b as { slot: number }).slot)
        .map((item) => (item as { intent: string }).intent);
      expect(intents).toEqual([
        'positive',
        'negative',
        'boundary',
        'stress',
        'positive',
        'negative',
      ]);
    }
  });

  it('stops at E events', async () => {
    const result = await runSearch(
      options({
        maxSteps: 30,
        synthesis: { variant: 'forge', attempts: 2, epochs: 1, patience: 2, signature },
      }),
    );
    expect(result.state.synthesis).toHaveLength(1);
  });

  it('runs to completion: all E events, then P steps without a gain (B.4)', async () => {
    const result = await runSearch(
      options({
        maxSteps: undefined,
        maxEvaluations: 10_000,
        stopAtCompletion: true,
        synthesis: { variant: 'forge', attempts: 2, epochs: 2, patience: 3, signature },
      }),
    );
    // The stuck reflector never improves: events after steps 3 and 6, then 3 more steps.
    expect(result.state.synthesis.map((event) => event.step)).toEqual([3, 6]);
    expect(result.steps).toBe(9);
    expect(result.stopReason).toMatch(/^complete \(2 of 2 synthesis events/);
  });

  it('stops at the outer evaluation cap before completion when the cap comes first', async () => {
    const result = await runSearch(
      options({
        maxSteps: undefined,
        maxEvaluations: 30,
        stopAtCompletion: true,
        synthesis: { variant: 'forge', attempts: 2, epochs: 2, patience: 3, signature },
      }),
    );
    expect(result.stopReason).toMatch(/^evaluation budget/);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(30);
  });

  it('draws random training instances for random synthesis and generic intents for failure-memory', async () => {
    for (const [variant, intent] of [
      ['random-synthesis', 'random'],
      ['failure-memory', 'generic'],
    ] as const) {
      const events: SearchEvent[] = [];
      await runSearch(
        options({
          maxSteps: 4,
          synthesis: { variant, attempts: 3, epochs: 1, patience: 3, signature },
          onEvent: (event) => events.push(event),
        }),
      );
      const intents = events.flatMap((event) =>
        event.type === 'attempt-end' ? [event.intent] : [],
      );
      expect(intents).toEqual([intent, intent, intent]);
    }
  });

  it('resumes to the same state, reusing journaled attempts of an interrupted event', async () => {
    const uninterrupted = await runSearch(options());
    const store = new MemoryRunStore();
    const journal = createMemoryJournal();
    const controller = new AbortController();
    let ended = 0;
    await expect(
      runSearch(
        options({
          store,
          abortSignal: controller.signal,
          synthesis: {
            variant: 'forge',
            attempts: 6,
            epochs: 2,
            patience: 3,
            signature,
            journal,
            concurrency: 1,
          },
          onEvent: (event) => {
            if (event.type === 'attempt-end' && ++ended === 3)
              controller.abort(new Error('killed'));
          },
        }),
      ),
    ).rejects.toThrow('killed');
    expect(journal.records.size).toBeGreaterThanOrEqual(3);
    const resumedEvents: SearchEvent[] = [];
    const resumed = await runSearch(
      options({
        store,
        synthesis: { variant: 'forge', attempts: 6, epochs: 2, patience: 3, signature, journal },
        onEvent: (event) => resumedEvents.push(event),
      }),
    );
    expect(resumed.state).toEqual(uninterrupted.state);
    const reused = resumedEvents.filter(
      (event) => event.type === 'attempt-end' && event.event === 0 && event.fromJournal,
    );
    expect(reused.length).toBeGreaterThanOrEqual(3);
  });
});
