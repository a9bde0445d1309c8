import type { Program, ProgramContext } from '@forge/program';
import { createLimiter } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { evaluateMany } from './evaluate-many.js';

function recordingProgram(contexts: ProgramContext[]): Program {
  return {
    name: 'recording',
    modules: [{ name: 'main', seedPrompt: 'seed' }],
    async run(instance, _prompts, context) {
      contexts.push(context);
      const result = await context.model.generate({
        messages: [{ role: 'user', content: String(instance.input['x']) }],
      });
      return { output: { y: result.text }, trace: [] };
    },
  };
}

const instances = [1, 2, 3].map((x) => ({ id: `i${x}`, input: { x }, gold: { y: `${x}` } }));

describe('evaluateMany', () => {
  it("tags the program's context with role task, or with the role it is told", async () => {
    const model = new MockLanguageModel({ responses: () => '1' });
    const run = async (role?: string) => {
      const contexts: ProgramContext[] = [];
      await evaluateMany({
        program: recordingProgram(contexts),
        evaluate: () => ({ score: 1 }),
        model,
        prompts: { main: 'p' },
        instances,
        limit: createLimiter(1),
        ...(role === undefined ? {} : { role }),
      });
      return contexts.map((context) => context.metadata?.['role']);
    };
    expect(await run()).toEqual(['task', 'task', 'task']);
    expect(await run('teacher')).toEqual(['teacher', 'teacher', 'teacher']);
  });

  it('collects results by index whatever order the runs finish in', async () => {
    const model = new MockLanguageModel({
      latencyMs: (index) => 12 - 4 * index,
      responses: (request) => String((request.messages[0] as { content: string }).content),
    });
    const results = await evaluateMany({
      program: recordingProgram([]),
      evaluate: (instance, execution) => ({
        score: execution.output['y'] === instance.gold['y'] ? 1 : 0,
      }),
      model,
      prompts: { main: 'p' },
      instances,
      limit: createLimiter(3),
    });
    expect(results.map((evaluated) => evaluated.instance.id)).toEqual(['i1', 'i2', 'i3']);
    expect(results.map((evaluated) => evaluated.evaluation.score)).toEqual([1, 1, 1]);
  });

  it('passes a candidate’s demonstrations to every run, and none for a zero-shot candidate', async () => {
    const contexts: ProgramContext[] = [];
    const model = new MockLanguageModel({ responses: () => 'y' });
    const demos = { main: [{ input: { x: 9 }, output: { y: '9' } }] };
    const base = {
      program: recordingProgram(contexts),
      evaluate: () => ({ score: 1 }),
      model,
      prompts: { main: 'p' },
      instances: instances.slice(0, 2),
      limit: createLimiter(2),
    };
    await evaluateMany({ ...base, demos, recordDemonstrations: true });
    await evaluateMany({ ...base, demos: { main: [] } });
    expect(contexts.map((context) => context.demos)).toEqual([demos, demos, undefined, undefined]);
    expect(contexts.map((context) => context.recordDemonstrations)).toEqual([
      true,
      true,
      undefined,
      undefined,
    ]);
    expect('demos' in (contexts[2] as object)).toBe(false);
  });

  it('rejects with the first failure and starts no evaluation still waiting for a slot', async () => {
    const started: string[] = [];
    const failing: Program = {
      name: 'failing',
      modules: [{ name: 'main', seedPrompt: 'seed' }],
      async run(instance) {
        started.push(instance.id);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (instance.id === 'i1') throw new Error('failed on i1');
        return { output: { y: '' }, trace: [] };
      },
    };
    await expect(
      evaluateMany({
        program: failing,
        evaluate: () => ({ score: 1 }),
        model: new MockLanguageModel({ responses: () => 'unused' }),
        prompts: { main: 'p' },
        instances,
        limit: createLimiter(1),
      }),
    ).rejects.toThrow('failed on i1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['i1']);
  });
});
