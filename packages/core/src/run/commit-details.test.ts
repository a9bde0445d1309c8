import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { defineSignature } from '@forge/program';
import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '../events/search-event.js';
import { MemoryRunStore } from '../store/run-store.js';
import { proposedPrompt, toyOptimizer, toyReflector } from '../testing/toy-optimizer.js';
import { runSearch } from './run-search.js';

const train = toyInstances('t', 12);
const validation = toyInstances('v', 8);

describe('what commits carry beyond their actions', () => {
  it("keeps the seed's and every accepted candidate's validation pass, and every reflection", async () => {
    const store = new MemoryRunStore({ keepCommits: true });
    const result = await runSearch({
      program: toyProgram(),
      evaluate: toyEvaluate,
      taskModel: toyTaskModel(),
      // Every third answer is malformed, so no-op steps show up too.
      optimizerModel: toyReflector({
        transform: (text, call) => (call % 3 === 2 ? 'no block here' : text),
      }),
      train,
      validation,
      maxEvaluations: 200,
      seed: 1,
      store,
    });
    const [seed, ...steps] = store.commits;
    expect(seed?.details?.validation?.candidate).toBe(0);
    expect(
      seed?.details?.validation?.evaluations.map((evaluated) => evaluated.instance.id),
    ).toEqual(validation.map((instance) => instance.id));
    const seedScores = seed?.details?.validation?.evaluations.map((item) => item.evaluation.score);
    expect(seedScores).toEqual(result.validationScores[0]);

    for (const commit of steps) {
      const action = commit.actions[0];
      if (action?.type !== 'step-completed') continue;
      const { record } = action;
      const reflection = commit.details?.reflection;
      if (record.outcome === 'perfect') {
        expect(reflection).toBeUndefined();
        continue;
      }
      expect(reflection).toMatchObject({
        step: record.step,
        parent: record.parent,
        module: record.module,
      });
      if (record.outcome === 'no-op') {
        expect(reflection?.responseText).toBe('no block here');
        expect(reflection?.prompt).toBeUndefined();
      } else {
        expect(reflection?.prompt).toBe(proposedPrompt(reflection?.responseText ?? ''));
      }
      if (record.outcome === 'accepted') {
        const candidate = record.candidate as number;
        expect(commit.details?.validation?.candidate).toBe(candidate);
        expect(reflection?.prompt).toBe(result.candidates[candidate]?.prompts[record.module]);
        expect(
          commit.details?.validation?.evaluations.map((item) => item.evaluation.score),
        ).toEqual(result.validationScores[candidate]);
      } else {
        expect(commit.details?.validation).toBeUndefined();
      }
    }
    const outcomes = new Set(result.history.map((record) => record.outcome));
    expect(outcomes).toContain('accepted');
    expect(outcomes).toContain('no-op');
  });
});

describe('contract-violation warnings', () => {
  it('warns once per role, during the run, when the optimizer never follows the contract', async () => {
    const signature = defineSignature({
      name: 'Toy',
      inputFields: [
        { name: 'category', type: 'str', description: 'Category.' },
        { name: 'value', type: 'int', description: 'Value.' },
      ],
      outputFields: [{ name: 'answer', type: 'str', description: 'Answer.' }],
    });
    const events: SearchEvent[] = [];
    const store = new MemoryRunStore({ keepCommits: true });
    const result = await runSearch({
      program: toyProgram(),
      evaluate: toyEvaluate,
      taskModel: toyTaskModel(),
      optimizerModel: toyOptimizer({ transform: () => 'I would rather chat about it.' }),
      train,
      validation,
      maxEvaluations: 300,
      maxSteps: 12,
      seed: 2,
      store,
      synthesis: { variant: 'forge', attempts: 4, epochs: 1, patience: 6, signature },
      onEvent: (event) => events.push(event),
    });
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings.map((warning) => warning.role).sort()).toEqual(['assign', 'reflect']);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ code: 'contract-violations', calls: 5, noOps: 5, rate: 1 });
      expect(warning.example).toBe('I would rather chat about it.');
    }
    // Raised as soon as the fifth bad answer arrived, long before the run ended.
    const firstWarning = events.findIndex((event) => event.type === 'warning');
    const lastStep = events.findLastIndex((event) => event.type === 'step-end');
    expect(firstWarning).toBeLessThan(lastStep);
    // The warnings are saved with the commits, and the result carries the final counts.
    const saved = store.commits
      .flatMap((commit) => commit.events)
      .filter((event) => event.type === 'warning');
    expect(saved).toHaveLength(2);
    const reflect = result.warnings.find((warning) => warning.role === 'reflect');
    expect(reflect).toMatchObject({ calls: 12, noOps: 12 });
    expect(reflect?.contract).toContain('<system_prompt>');
    const assign = result.warnings.find((warning) => warning.role === 'assign');
    expect(assign?.contract).toContain('<assignment>');
  });

  it('raises nothing for an optimizer that follows the contracts', async () => {
    const events: SearchEvent[] = [];
    const result = await runSearch({
      program: toyProgram(),
      evaluate: toyEvaluate,
      taskModel: toyTaskModel(),
      optimizerModel: toyReflector(),
      train,
      validation,
      maxEvaluations: 200,
      seed: 1,
      onEvent: (event) => events.push(event),
    });
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
    expect(result.warnings).toEqual([]);
  });
});
