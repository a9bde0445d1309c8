import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { createSimModel, createSimWorld, simProviderFactory } from './sim-world.js';

describe('createSimWorld', () => {
  it('assembles a simulated benchmark and two simulated models from one set of knobs', async () => {
    const world = createSimWorld({ seed: 3, size: 9 });
    expect(world.simulated).toBe(true);
    expect(world.options.seed).toBe(3);
    expect((await world.benchmark.loadSplits()).validation).toHaveLength(9);
    expect([world.taskModel.provider, world.taskModel.modelId]).toEqual(['sim', 'task']);
    expect([world.optimizerModel.provider, world.optimizerModel.modelId]).toEqual([
      'sim',
      'optimizer',
    ]);
    expect(world.rules.filter((rule) => rule.exposedBy === 'validation-only')).toHaveLength(3);
  });
});

describe('createSimModel', () => {
  it('creates the models a `sim:<id>` string names and refuses others', () => {
    expect(createSimModel('task').modelId).toBe('task');
    expect(createSimModel('optimizer').modelId).toBe('optimizer');
    expect(() => createSimModel('gpt-5.5')).toThrow(/sim:task/);
    let caught: unknown;
    try {
      createSimModel('other');
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
  });
});

describe('simProviderFactory', () => {
  it('builds sim models from a registry lookup, with the knobs as settings', async () => {
    const model = simProviderFactory('task', { settings: { malformedRate: { task: 1 } } });
    const result = await model.generate({
      system: 'End with <day>, <month> and <year>.',
      messages: [{ role: 'user', content: '<text>\nBorn 03.04.2021.\n</text>' }],
    });
    expect(result.text).not.toContain('<day>');
    expect(() => simProviderFactory('task', { settings: { malformed: 1 } })).toThrow(/sim option/);
  });
});
