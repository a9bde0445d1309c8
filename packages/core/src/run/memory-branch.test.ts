import { activeModes } from '@forge/memory';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
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

const options = (overrides: Partial<SearchOptions> = {}): SearchOptions => ({
  program: toyProgram(),
  evaluate: toyEvaluate,
  taskModel: toyTaskModel(),
  optimizerModel: toyOptimizer(),
  train: toyInstances('t', 12),
  validation: toyInstances('v', 8),
  maxEvaluations: 120,
  seed: 4,
  // Patience larger than the run: the memory branch runs, no synthesis event fires.
  synthesis: { variant: 'forge', attempts: 4, epochs: 1, patience: 10_000, signature },
  ...overrides,
});

describe('the memory branch', () => {
  it('files every imperfect parent evaluation, in minibatch order, as an observation', async () => {
    const events: SearchEvent[] = [];
    // The reflector never proposes, so the seed keeps failing and modes gather support.
    const optimizerModel = toyOptimizer({
      transform: (text) => (text.startsWith('<assignment>') ? text : 'no proposal'),
    });
    const result = await runSearch(
      options({ optimizerModel, maxSteps: 12, onEvent: (event) => events.push(event) }),
    );
    const imperfect = result.history.flatMap((record) =>
      record.parentScores.flatMap((score, position) =>
        score < 1 ? [`o-${record.step}-${position}`] : [],
      ),
    );
    const filed = events.flatMap((event) =>
      event.type === 'memory-updated' ? [event.observationId] : [],
    );
    expect(filed).toEqual(imperfect);
    const memory = result.state.memory;
    const inModes = memory.modes.flatMap((mode) =>
      mode.observations.map((observation) => observation.id),
    );
    expect([...inModes].sort()).toEqual([...imperfect].sort());
    expect(memory.actions.create).toBeGreaterThan(0);
    expect(memory.actions.assign).toBeGreaterThan(0);
    expect(memory.actions.rename).toBeGreaterThan(0);
    // Modes are reusable mechanisms: one per missing rule.
    for (const mode of activeModes(memory)) {
      const categories = new Set(
        mode.observations.map((observation) => observation.instance.input['category']),
      );
      expect(categories.size).toBe(1);
    }
  });

  it('does not run for prompt search alone or for random synthesis', async () => {
    for (const synthesis of [
      undefined,
      { variant: 'random-synthesis' as const, attempts: 4, epochs: 1, patience: 10_000, signature },
    ]) {
      const optimizer = toyOptimizer();
      const result = await runSearch(options({ optimizerModel: optimizer, synthesis }));
      expect(result.state.memory.modes).toEqual([]);
      expect(optimizer.calls.every((call) => call.request.metadata?.role !== 'assign')).toBe(true);
    }
  });

  it('counts malformed assigner answers as no-ops and goes on', async () => {
    const optimizer = toyOptimizer({
      transform: (text) => text.replace('<assignment>', '<assignment>{'),
    });
    const result = await runSearch(options({ optimizerModel: optimizer }));
    expect(result.state.memory.modes).toEqual([]);
    expect(result.state.memory.noOps['invalid-json']).toBeGreaterThan(0);
  });

  it('replays the memory exactly on resume', async () => {
    const uninterrupted = await runSearch(options());
    const store = new MemoryRunStore();
    await runSearch(options({ store, maxSteps: 3 }));
    const resumed = await runSearch(options({ store }));
    expect(resumed.state.memory).toEqual(uninterrupted.state.memory);
    expect(resumed.state).toEqual(uninterrupted.state);
  });

  it('runs alongside the prompt branch rather than after it', async () => {
    const optimizer = toyOptimizer({ latencyMs: 20 });
    const result = await runSearch(options({ optimizerModel: optimizer, maxSteps: 1 }));
    // Three failures at the seed: if the branches ran one after the other, the reflector would be
    // called after the third assignment; concurrently it is called while they are under way.
    const roles = optimizer.calls.map((call) => call.request.metadata?.role);
    expect(roles.filter((role) => role === 'assign')).toHaveLength(3);
    expect(roles.indexOf('reflect')).toBeLessThan(roles.lastIndexOf('assign'));
    expect(result.steps).toBe(1);
  });
});
