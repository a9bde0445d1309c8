import type { AgentTool } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { createHttpAuthoring } from '../authoring/http-authoring.js';
import { AppWorldClient } from '../client/appworld-client.js';
import { AppWorldServerPool } from '../pool/server-pool.js';
import { startFakeAppWorldServer } from '../testing/fake-appworld-server.js';
import { FakeTaskCatalog } from '../testing/fake-task-catalog.js';
import { createSynthesisTools } from './synthesis-tools.js';

function tool(tools: readonly AgentTool[], name: string): AgentTool {
  const found = tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}

const run = (tools: readonly AgentTool[], name: string, input: unknown) => {
  const chosen = tool(tools, name);
  return chosen.execute(chosen.inputSchema.parse(input), {});
};

const grocery = {
  base_task_id: 'a1c0de1_1',
  instruction: 'Mark every item on my to-do list that mentions "market" as done.',
  solution_code: 'apis.todo.mark_done(item_id=12)\napis.supervisor.complete_task()',
  tests: [
    {
      requirement: 'every item mentioning "market" is done',
      code: "assert apis.todo.count_items(query='market', done=False) == 0",
    },
    { requirement: 'nothing was added', code: 'assert apis.todo.count_items() == 15' },
  ],
};

describe('synthesis tools', () => {
  it('without an authoring backend: only the look-ups, which query the environment', async () => {
    const dead = await startFakeAppWorldServer();
    await dead.kill();
    await using server = await startFakeAppWorldServer();
    const tools = createSynthesisTools(
      new AppWorldServerPool({ urls: [dead.url, server.url] }),
      undefined,
    );
    expect(tools.map((candidate) => candidate.name)).toEqual([
      'show_task',
      'list_apps',
      'show_api_descriptions',
      'show_api_doc',
    ]);
    expect(await run(tools, 'show_task', { task_id: 'c3e1f7b_2' })).toMatchObject({
      instruction: 'How many items on my to-do list mention "gym"?',
      datetime: '2023-05-18T12:00:00',
    });
    expect(await run(tools, 'list_apps', {})).toEqual([
      { app_name: 'api_docs', apis: 3 },
      { app_name: 'supervisor', apis: 2 },
      { app_name: 'todo', apis: 4 },
    ]);
    expect(await run(tools, 'show_api_descriptions', { app_name: 'todo' })).toContainEqual({
      name: 'show_items',
      description: 'List to-do items, a page at a time, in id order.',
    });
    expect(
      await run(tools, 'show_api_doc', { app_name: 'todo', api_name: 'show_items' }),
    ).toMatchObject({
      path: '/todo/show_items',
    });
    await expect(run(tools, 'show_api_doc', { app_name: 'todo', api_name: 'fly' })).rejects.toThrow(
      'the todo app has no API "fly"',
    );
    // The documentation is fetched once.
    expect(server.requests.filter((request) => request.path === '/api_docs')).toHaveLength(1);
  });

  it('with one: a sandboxed world, drafts checked for solvability and meaningful tests, publishing', async () => {
    const catalog = new FakeTaskCatalog();
    await using authoringServer = await startFakeAppWorldServer({ catalog, authoring: true });
    await using other = await startFakeAppWorldServer({ catalog });
    const tools = createSynthesisTools(
      new AppWorldServerPool({ urls: [other.url] }),
      createHttpAuthoring({ url: authoringServer.url }),
    );
    expect(tools.map((candidate) => candidate.name).slice(4)).toEqual([
      'run_in_sandbox',
      'draft_task',
      'finalize_task',
    ]);
    const explored = await run(tools, 'run_in_sandbox', {
      task_id: 'a1c0de1_1',
      code: 'apis.todo.mark_done(item_id=12)\nprint(apis.todo.count_items(done=True))',
    });
    expect(explored).toBe('3');
    // The sandbox discards its changes.
    expect(
      await run(tools, 'run_in_sandbox', {
        task_id: 'a1c0de1_1',
        code: 'print(apis.todo.count_items(done=True))',
      }),
    ).toBe('2');

    const idle = await run(tools, 'draft_task', {
      ...grocery,
      tests: [grocery.tests[1]],
    });
    expect(idle).toMatchObject({
      validation: { solvable: true, meaningful: false, valid: false },
    });
    await expect(
      run(tools, 'finalize_task', { draft_id: (idle as { draft_id: string }).draft_id }),
    ).rejects.toThrow('did not validate');

    const unsolved = await run(tools, 'draft_task', {
      ...grocery,
      solution_code: 'apis.supervisor.complete_task()',
    });
    expect(unsolved).toMatchObject({ validation: { solvable: false, valid: false } });

    const good = (await run(tools, 'draft_task', grocery)) as { draft_id: string };
    expect(good).toMatchObject({ validation: { solvable: true, meaningful: true, valid: true } });
    const published = (await run(tools, 'finalize_task', { draft_id: good.draft_id })) as {
      task_id: string;
    };
    expect(published).toEqual({
      task_id: expect.stringMatching(/^[0-9a-f]{7}_1$/),
      instruction: grocery.instruction,
      requirements: ['every item mentioning "market" is done', 'nothing was added'],
    });
    // Published once, loadable by every server of the pool.
    const client = new AppWorldClient({ url: other.url });
    expect((await client.initialize(published.task_id)).instruction).toBe(grocery.instruction);
    expect(await run(tools, 'show_task', { task_id: published.task_id })).toMatchObject({
      task_id: published.task_id,
    });
  });

  it('says what to do when the authoring backend is not running', async () => {
    const gone = await startFakeAppWorldServer({ authoring: true });
    await gone.kill();
    await using server = await startFakeAppWorldServer();
    const tools = createSynthesisTools(
      new AppWorldServerPool({ urls: [server.url] }),
      createHttpAuthoring({ url: gone.url }),
    );
    await expect(run(tools, 'draft_task', grocery)).rejects.toThrow(
      'Start the task-authoring backend, or remove benchmarkSettings.authoringUrl',
    );
  });
});
