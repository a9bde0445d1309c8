import { describe, expect, it } from 'vitest';
import type { Program } from '../program/program.js';
import { defineBenchmark } from './define-benchmark.js';

const program: Program = {
  name: 'echo',
  modules: [{ name: 'answer', seedPrompt: 'Answer.' }],
  run: async (instance) => ({ output: { answer: instance.input['question'] }, trace: [] }),
};
const metric = () => ({ score: 1 });
const instance = (id: string) => ({ id, input: { question: id }, gold: { answer: id } });

describe('defineBenchmark', () => {
  it('makes a benchmark of a program, a metric and instance arrays', async () => {
    const benchmark = defineBenchmark({
      program,
      metric,
      train: [instance('t1'), instance('t2')],
      validation: [instance('v1')],
    });
    expect(benchmark.id).toBe('echo');
    expect(benchmark.title).toBe('echo');
    expect(benchmark.evaluate).toBe(metric);
    expect(benchmark.synthesis).toEqual({ attempts: 25, epochs: 4, patience: 15 });
    expect(benchmark.signature.inputFields.map((field) => field.name)).toEqual(['question']);
    const splits = await benchmark.loadSplits();
    expect(splits.train.map((item) => item.id)).toEqual(['t1', 't2']);
    expect(splits.validation.map((item) => item.id)).toEqual(['v1']);
    expect(splits.test).toEqual([]);
  });

  it('keeps a given signature, id, title and schedule', () => {
    const benchmark = defineBenchmark({
      program,
      metric,
      train: [instance('t1')],
      validation: [instance('v1')],
      test: [instance('x1')],
      id: 'mine',
      title: 'Mine',
      synthesis: { attempts: 5, epochs: 1, patience: 2 },
      testRepeats: 3,
      signature: {
        name: 'Given',
        inputFields: [{ name: 'question', type: 'str', description: 'The question.' }],
        outputFields: [{ name: 'answer', type: 'str', description: 'The answer.' }],
      },
    });
    expect(benchmark).toMatchObject({ id: 'mine', title: 'Mine', testRepeats: 3 });
    expect(benchmark.signature.name).toBe('Given');
    expect(benchmark.synthesis.attempts).toBe(5);
  });

  it('names the split and index of an unusable instance', () => {
    expect(() =>
      defineBenchmark({
        program,
        metric,
        train: [instance('t1')],
        validation: [instance('v1'), instance('t1')],
      }),
    ).toThrow('echo: validation[1] repeats the id "t1" of train[0]');
    expect(() =>
      defineBenchmark({
        program,
        metric,
        train: [{ id: '', input: {}, gold: {} }],
        validation: [instance('v1')],
      }),
    ).toThrow('train[0] has no id');
  });
});
