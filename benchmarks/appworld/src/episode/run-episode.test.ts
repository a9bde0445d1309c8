import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { AppWorldServerPool } from '../pool/server-pool.js';
import { appworldSeedPrompt } from '../program/appworld-prompts.js';
import { startFakeAppWorldServer } from '../testing/fake-appworld-server.js';
import { createScriptedTaskAgent, paginationPhrase } from '../testing/scripted-task-agent.js';
import { runEpisode } from './run-episode.js';

const paginating = `${appworldSeedPrompt}\n\nRead ${paginationPhrase} of a listing.`;

function options(pool: AppWorldServerPool, taskId: string) {
  return { pool, taskId, maxSteps: 50, experimentName: `test-${taskId}` };
}

describe('runEpisode', () => {
  it('runs a full episode: initialise, steps until the task is complete, evaluate, close', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const result = await runEpisode({
      ...options(pool, 'a1c0de1_1'),
      system: paginating,
      model: createScriptedTaskAgent(),
    });
    expect(result.output.evaluation).toMatchObject({ success: true, num_tests: 3 });
    expect(result.output.requirements).toHaveLength(3);
    expect(result.output.episode).toMatchObject({
      task_id: 'a1c0de1_1',
      server: server.url,
      steps: 5, // pages 0–3 (the fourth is empty), then mark and complete
      max_steps: 50,
      stop: 'task-completed',
      completed: true,
      datetime: '2023-05-18T12:00:00',
    });
    expect(result.output.episode.failure).toBeUndefined();
    // Every step's code and output is in the trace, ending with the completing call.
    expect(result.messages[0]).toMatchObject({ role: 'user' });
    expect((result.messages[0] as { content: string }).content).toContain(
      'Task: Mark every item on my to-do list that mentions "groceries" as done.',
    );
    const tools = result.messages.filter((message) => message.role === 'tool');
    expect(tools).toHaveLength(5);
    expect(tools.at(-1)).toMatchObject({ content: 'Execution successful.', toolCallId: 'call-4' });
    expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 100 });
    const paths = server.requests.map((request) => request.path);
    expect(paths[0]).toBe('/');
    expect(paths[1]).toBe('/initialize');
    expect(paths.slice(-2)).toEqual(['/evaluate', '/close']);
    expect(paths.filter((path) => path === '/execute')).toHaveLength(5);
    expect(server.requests[1]?.body).toMatchObject({ experiment_name: 'test-a1c0de1_1' });
    expect(pool.status()).toEqual([{ url: server.url, state: 'idle' }]);
  });

  it('scores what the seed agent leaves: only the first page was read', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const result = await runEpisode({
      ...options(pool, 'a1c0de1_1'),
      system: appworldSeedPrompt,
      model: createScriptedTaskAgent(),
    });
    expect(result.output.episode).toMatchObject({ steps: 2, stop: 'task-completed' });
    expect(result.output.evaluation?.passes).toHaveLength(1);
    expect(result.output.evaluation?.failures).toHaveLength(2);
  });

  it('stops at the step limit, then still evaluates and closes', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const model = new MockLanguageModel({
      responses: (_request, index) => ({
        toolCalls: [
          {
            id: `c${index}`,
            name: 'execute_python',
            input: { code: 'print(apis.todo.count_items())' },
          },
        ],
      }),
    });
    const result = await runEpisode({ ...options(pool, 'c3e1f7b_2'), system: 'x', model });
    expect(model.calls).toHaveLength(50);
    expect(result.output.episode).toMatchObject({
      steps: 50,
      stop: 'step-limit',
      completed: false,
    });
    expect(result.output.evaluation).toMatchObject({ num_tests: 2 });
    expect(server.requests.at(-1)?.path).toBe('/close');
  });

  it('hands execution failures back to the agent, which continues', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const model = new MockLanguageModel({
      responses: [
        { toolCalls: [{ id: 'a', name: 'execute_python', input: { code: 'apis.todo.nope()' } }] },
        { toolCalls: [{ id: 'b', name: 'show_api_descriptions', input: { app_name: 'todo' } }] },
        {
          toolCalls: [
            {
              id: 'c',
              name: 'execute_python',
              input: { code: 'apis.supervisor.complete_task(answer=1)' },
            },
          ],
        },
      ],
    });
    const result = await runEpisode({ ...options(pool, 'c3e1f7b_2'), system: 'x', model });
    const outputs = result.messages.flatMap((message) =>
      message.role === 'tool' ? [message.content] : [],
    );
    expect(outputs[0]).toMatch(
      /^Execution failed\. Traceback:\n.*No API named 'nope' found in the todo app\./s,
    );
    expect(outputs[1]).toContain('"name":"show_items"');
    expect(
      server.requests.some(
        (request) =>
          (request.body as { code?: string } | undefined)?.code ===
          "print(apis.api_docs.show_api_descriptions(app_name='todo'))",
      ),
    ).toBe(true);
    expect(result.output.episode).toMatchObject({
      steps: 3,
      stop: 'task-completed',
      completed: true,
    });
    expect(result.output.evaluation?.success).toBe(true);
  });

  it('fails the task (not the run) when its server dies mid-task, and takes the server out', async () => {
    await using survivor = await startFakeAppWorldServer();
    const doomed = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [doomed.url, survivor.url] });
    const model = createScriptedTaskAgent({
      beforeStep: async (step) => {
        if (step === 2) await doomed.kill();
      },
    });
    const result = await runEpisode({ ...options(pool, 'a1c0de1_1'), system: paginating, model });
    expect(result.output.evaluation).toBeUndefined();
    expect(result.output.requirements).toEqual([]);
    expect(result.output.episode).toMatchObject({
      server: doomed.url,
      steps: 3,
      stop: 'failure',
      completed: false,
      failure: {
        stage: 'agent',
        kind: expect.stringMatching(/^(unreachable|connection-lost)$/),
        server_retired: true,
      },
    });
    // The trace keeps the steps that ran and the call that found the server gone.
    const last = result.messages.at(-1);
    expect(last).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call-2' }] });
    expect(pool.status()).toEqual([
      { url: doomed.url, state: 'out', reason: expect.stringContaining(doomed.url) },
      { url: survivor.url, state: 'idle' },
    ]);
    const next = await runEpisode({
      ...options(pool, 'a1c0de1_1'),
      system: paginating,
      model: createScriptedTaskAgent(),
    });
    expect(next.output.episode.server).toBe(survivor.url);
    expect(next.output.evaluation?.success).toBe(true);
  });

  it('records a failed initialisation (unknown task) without taking the server out', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const result = await runEpisode({
      ...options(pool, 'zzz0000_9'),
      system: 'x',
      model: new MockLanguageModel(),
    });
    expect(result.output.episode).toMatchObject({
      steps: 0,
      failure: { stage: 'initialize', kind: 'server-error', server_retired: false },
    });
    expect(pool.status()[0]?.state).toBe('idle');
  });

  it('rejects on a model failure, after closing the world and giving the server back', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    const model = new MockLanguageModel({ responses: [new Error('model is down')] });
    await expect(runEpisode({ ...options(pool, 'a1c0de1_1'), system: 'x', model })).rejects.toThrow(
      'model is down',
    );
    expect(server.requests.at(-1)?.path).toBe('/close');
    expect(server.world).toBeUndefined();
    expect(pool.status()[0]?.state).toBe('idle');
  });
});
