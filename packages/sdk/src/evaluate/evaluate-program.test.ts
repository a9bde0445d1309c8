import {
  DataCheckError,
  defineModule,
  defineProgram,
  type InstanceOf,
  MetricError,
} from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { scriptedTaskModel } from '../testing/scripted-task-model.js';
import { evaluate } from './evaluate-benchmark.js';
import type { EvaluateProgress } from './evaluate-program.js';
import { inspect } from './inspect.js';

const route = defineModule({
  name: 'route',
  seedPrompt: 'Route the ticket to a team.',
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string() }),
});
const router = defineProgram({
  name: 'router',
  modules: [route],
  input: z.object({ ticket: z.string() }),
  output: z.object({ team: z.string() }),
  run: (input, { call }) => call(route, input),
});
const data: InstanceOf<typeof router>[] = ['billing', 'search', 'login', 'export'].map(
  (team, index) => ({ id: `t${index}`, input: { ticket: `About ${team}.` }, gold: { team } }),
);
// Knows the team only when its prompt says to read it from the ticket.
const model = () =>
  scriptedTaskModel({
    program: router,
    answer: ({ input, prompt }) => ({
      team: prompt.includes('from the ticket')
        ? (/About (\w+)/.exec(String(input['ticket']))?.[1] ?? '')
        : 'billing',
    }),
  });
const metric = (instance: InstanceOf<typeof router>, execution: { output: { team?: string } }) =>
  execution.output.team === instance.gold.team
    ? { score: 1 }
    : {
        score: 0,
        feedback: `expected ${instance.gold.team}`,
        moduleFeedback: { route: 'Read the team from the ticket.' },
      };

describe('evaluate({ program, metric, data, model })', () => {
  it('runs the program with the seed prompts by default: per-instance results, mean, usage, progress', async () => {
    const progress: EvaluateProgress[] = [];
    const result = await evaluate({
      program: router,
      metric,
      data,
      model: model(),
      concurrency: 2,
      onProgress: (event) => progress.push(event),
    });
    expectTypeOf(result.instances[0]!.output).toEqualTypeOf<Partial<{ team: string }>>();
    expect(result.score).toBe(0.25);
    expect(result.instances.map(({ id, score, output }) => ({ id, score, output }))).toEqual([
      { id: 't0', score: 1, output: { team: 'billing' } },
      { id: 't1', score: 0, output: { team: 'billing' } },
      { id: 't2', score: 0, output: { team: 'billing' } },
      { id: 't3', score: 0, output: { team: 'billing' } },
    ]);
    expect(result.instances[1]).toMatchObject({
      feedback: 'expected search',
      moduleFeedback: { route: 'Read the team from the ticket.' },
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
    expect(result.instances[1]?.trace.map((entry) => entry.module)).toEqual(['route']);
    expect(result.subject).toBe('router on 4 instances with scripted:task');
    expect(result.usage.inputTokens).toBe(
      result.instances.reduce((total, item) => total + (item.usage?.inputTokens ?? 0), 0),
    );
    expect(result.costUsd).toBe(0);
    expect(result.unpricedModels).toEqual(['scripted:task']);
    expect(progress.map((event) => event.done)).toEqual([1, 2, 3, 4]);
    expect(progress.at(-1)).toMatchObject({ total: 4, meanScore: 0.25 });
  });

  it('runs with given prompts (a run’s best ones), and inspect shows the last calls', async () => {
    const result = await evaluate({
      program: router,
      metric,
      data,
      model: model(),
      prompts: { route: 'Route the ticket: read the team from the ticket.' },
      concurrency: 1,
    });
    expect(result.score).toBe(1);
    const text = inspect(router, 2);
    expect(text.match(/^── call \d of 2: module route, instance t\d/gm)).toHaveLength(2);
    expect(text).toContain('  System:\n    Route the ticket: read the team from the ticket.\n');
    expect(text).toContain('  Parsed output:\n    {\n      "team": "export"\n    }');
    expect(router.history.last(1)[0]).toMatchObject({
      instanceId: 't3',
      input: { ticket: 'About export.' },
    });
  });

  it('refuses data that does not fit the program before any call, listing every instance', async () => {
    const scripted = model();
    const bad = [...data, { id: 'x', input: { ticket: 7 }, gold: {} }] as InstanceOf<
      typeof router
    >[];
    const error = await evaluate({ program: router, metric, data: bad, model: scripted }).catch(
      (caught: unknown) => caught,
    );
    expect(DataCheckError.isInstance(error)).toBe(true);
    expect(
      (error as DataCheckError).problems.map(
        (problem) => `${problem.split}[${problem.index}] ${problem.path}`,
      ),
    ).toEqual(['data[4] input.ticket', 'data[4] gold.team']);
    expect(scripted.calls).toHaveLength(0);
  });

  it("names a moduleFeedback key that is not one of the program's modules", async () => {
    const error = await evaluate({
      program: router,
      metric: () => ({ score: 0, moduleFeedback: { router: 'no' } }),
      data,
      model: model(),
    }).catch((caught: unknown) => caught);
    expect(MetricError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^the metric's moduleFeedback names no module of the program: "router" \(instance t\d\); the program's modules are "route"$/,
    );
  });

  it('refuses a program evaluation that also names a run, and a config without its parts', async () => {
    await expect(
      evaluate({ program: router, metric, data, model: model(), run: 'runs/x' } as never),
    ).rejects.toThrow('evaluate: run: evaluate runs a program on data or scores a run, not both');
    await expect(evaluate({ program: router, data } as never)).rejects.toThrow(
      /^evaluate: metric: expected a function .*; model: give the model the program runs on$/,
    );
  });
  it('runs a module named in moduleModels on its own model, and refuses a name that is no module', async () => {
    const task = new MockLanguageModel({
      modelId: 'task',
      responses: () => '<team>billing</team>',
    });
    const own = new MockLanguageModel({
      modelId: 'router-own',
      responses: () => '<team>search</team>',
    });
    const result = await evaluate({
      program: router,
      metric,
      data,
      model: task,
      moduleModels: { route: own },
    });
    expect(result.instances.map((item) => item.output.team)).toEqual([
      'search',
      'search',
      'search',
      'search',
    ]);
    expect(task.calls).toHaveLength(0);
    expect(own.calls).toHaveLength(4);
    // The history names the model that answered, not the task model the router stands for.
    expect(router.history.last(4).map((call) => call.model)).toEqual(
      Array(4).fill('mock:router-own'),
    );
    expect(inspect(router)).toMatch(
      /^── call 1 of 1: module route, instance t\d, mock:router-own,/,
    );
    await expect(
      evaluate({ program: router, metric, data, model: task, moduleModels: { rout: own } }),
    ).rejects.toThrow(/rout/);
    expect(own.calls).toHaveLength(4);
  });
});
