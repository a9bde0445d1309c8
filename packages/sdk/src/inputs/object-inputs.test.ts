import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { detachObjectInputs, nameFor } from './object-inputs.js';

describe('detachObjectInputs', () => {
  it('puts names in place of model objects, alone or as settings, and keeps strings', () => {
    const task = toyTaskModel();
    const curator = new MockLanguageModel({ provider: 'acme.chat', modelId: 'big one' });
    const { value, objects } = detachObjectInputs(
      {
        taskModel: task,
        optimizerModel: 'sim:optimizer',
        roleModels: { curate: { model: curator, concurrency: 2 }, verify: 'sim:verifier' },
      },
      ['taskModel', 'optimizerModel', 'roleModels.*'],
    );
    expect(value).toEqual({
      taskModel: 'mock:toy-task',
      optimizerModel: 'sim:optimizer',
      roleModels: {
        curate: { model: 'acme-chat:big-one', concurrency: 2 },
        verify: 'sim:verifier',
      },
    });
    expect(objects.fields).toEqual(['taskModel', 'roleModels.curate']);
    expect(objects.models.get('mock:toy-task')).toBe(task);
    expect(objects.models.get('acme-chat:big-one')).toBe(curator);
  });

  it('tells two different objects of one name apart, and one object used twice shares its name', () => {
    const first = new MockLanguageModel({ modelId: 'same' });
    const second = new MockLanguageModel({ modelId: 'same' });
    const { value } = detachObjectInputs(
      { taskModel: first, optimizerModel: second, roleModels: { verify: first } },
      ['taskModel', 'optimizerModel', 'roleModels.*'],
    );
    expect(value).toMatchObject({
      taskModel: 'mock:same',
      optimizerModel: 'mock:same#2',
      roleModels: { verify: 'mock:same' },
    });
    expect(nameFor(new MockLanguageModel({ provider: '1.x', modelId: ' ' }), new Map())).toBe(
      'x:model',
    );
  });

  it('makes a benchmark of a program object, its metric and its data', async () => {
    const { value, objects } = detachObjectInputs(
      {
        program: toyProgram(),
        metric: toyEvaluate,
        train: toyInstances('t', 4),
        validation: toyInstances('v', 2),
        budget: { maxEvaluations: 10 },
      },
      [],
    );
    expect(value).toEqual({ benchmark: 'toy', budget: { maxEvaluations: 10 } });
    expect(objects.fields).toEqual(['program']);
    expect(objects.benchmark?.evaluate).toBe(toyEvaluate);
    expect((await objects.benchmark?.loadSplits())?.validation).toHaveLength(2);
  });

  it('takes a Benchmark object as it is', () => {
    const { objects: made } = detachObjectInputs(
      {
        program: toyProgram(),
        metric: toyEvaluate,
        train: toyInstances('t', 1),
        validation: toyInstances('v', 1),
      },
      [],
    );
    const { value, objects } = detachObjectInputs({ benchmark: made.benchmark }, []);
    expect(value).toEqual({ benchmark: 'toy' });
    expect(objects.benchmark).toBe(made.benchmark);
  });

  it('names the field of an object that is not what it should be', () => {
    const aiSDKModel = { specificationVersion: 'v3', provider: 'x', modelId: 'y', doGenerate() {} };
    expect(() => detachObjectInputs({ taskModel: aiSDKModel }, ['taskModel'])).toThrow(
      'taskModel: this is an AI SDK model; wrap it with fromAISDK(model) from @forge/provider-ai-sdk',
    );
    expect(() =>
      detachObjectInputs({ roleModels: { curate: { specificationVersion: 'v1' } } }, [
        'roleModels.*',
      ]),
    ).toThrow('roleModels.curate: expected a model string');
    expect(() => detachObjectInputs({ benchmark: { id: 'x' } }, [])).toThrow(
      'benchmark: expected a benchmark id or a Benchmark object',
    );
    expect(() =>
      detachObjectInputs({ program: toyProgram(), train: [], validation: [] }, []),
    ).toThrow('metric: a Program object needs its metric');
    expect(() => detachObjectInputs({ program: 'mine.ts', metric: toyEvaluate }, [])).toThrow(
      'metric: only with a Program object',
    );
  });

  it('lists every missing part of a Program object at once (a resume given the program alone)', () => {
    expect(() => detachObjectInputs({ program: toyProgram(), test: {} }, [])).toThrow(
      'metric: a Program object needs its metric, (instance, execution) => { score, feedback? }; ' +
        'train: a Program object needs its train instances as an array; ' +
        'validation: a Program object needs its validation instances as an array; ' +
        'test: expected an array of instances',
    );
  });
});
