import { startLoopbackServer } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { startFakeAppWorldServer } from '../testing/fake-appworld-server.js';
import { AppWorldClient } from './appworld-client.js';
import { AppWorldError } from './appworld-error.js';

async function failure(promise: Promise<unknown>): Promise<AppWorldError> {
  try {
    await promise;
  } catch (error) {
    if (AppWorldError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an AppWorldError');
}

describe('AppWorldClient against the fake environment server', () => {
  it('speaks the wire format of every endpoint', async () => {
    await using server = await startFakeAppWorldServer();
    const client = new AppWorldClient({ url: `${server.url}/` });
    expect(await client.index()).toContain('fake AppWorld');
    const task = await client.initialize('a1c0de1_1', {
      experimentName: 'exp-1',
      settings: { random_seed: 7 },
    });
    expect(task).toEqual({
      task_id: 'a1c0de1_1',
      instruction: 'Mark every item on my to-do list that mentions "groceries" as done.',
      supervisor: {
        first_name: 'Ada',
        last_name: 'Quill',
        email: 'ada.quill@example.com',
        phone_number: '5550100',
      },
      datetime: '2023-05-18T12:00:00',
    });
    expect(await client.execute('a1c0de1_1', 'apis.todo.mark_done(item_id=1)')).toBe(
      'Execution successful.',
    );
    expect(await client.taskCompleted('a1c0de1_1')).toBe(false);
    await client.execute('a1c0de1_1', 'apis.supervisor.complete_task()');
    expect(await client.taskCompleted('a1c0de1_1')).toBe(true);
    const report = await client.evaluate('a1c0de1_1');
    expect(report).toMatchObject({ success: false, num_tests: 3 });
    expect(report.passes).toHaveLength(1);
    await client.close('a1c0de1_1');
    expect(await client.taskDatetime('c3e1f7b_2')).toBe('2023-05-18T12:00:00');
    expect(Object.keys(await client.apiDocs())).toEqual(['api_docs', 'supervisor', 'todo']);
    // The bytes the server received, endpoint by endpoint.
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /',
      'POST /initialize',
      'POST /execute',
      'POST /task_completed',
      'POST /execute',
      'POST /task_completed',
      'POST /evaluate',
      'POST /close',
      'GET /tasks/c3e1f7b_2',
      'GET /api_docs',
    ]);
    expect(server.requests[1]?.body).toEqual({
      random_seed: 7,
      task_id: 'a1c0de1_1',
      experiment_name: 'exp-1',
    });
    expect(server.requests[2]?.body).toEqual({
      task_id: 'a1c0de1_1',
      code: 'apis.todo.mark_done(item_id=1)',
    });
    expect(server.requests[6]?.body).toEqual({
      task_id: 'a1c0de1_1',
      suppress_errors: true,
      report: false,
    });
    expect(server.requests[7]?.body).toEqual({ task_id: 'a1c0de1_1' });
  });

  it('maps the server-side errors to kinds with messages that say what to do', async () => {
    await using server = await startFakeAppWorldServer();
    const client = new AppWorldClient({ url: server.url });
    const uninitialised = await failure(client.execute('a1c0de1_1', 'x'));
    expect(uninitialised).toMatchObject({ kind: 'not-initialized', statusCode: 400 });
    expect(uninitialised.message).toContain('holds no task world');
    expect(uninitialised.isServerDown).toBe(false);
    await client.initialize('a1c0de1_1');
    const mismatch = await failure(client.execute('b2d0e5a_1', 'x'));
    expect(mismatch).toMatchObject({ kind: 'task-mismatch', isServerDown: true });
    expect(mismatch.message).toContain('The active task world is a1c0de1_1');
    const unknown = await failure(client.initialize('nope_1'));
    expect(unknown).toMatchObject({ kind: 'server-error', statusCode: 500 });
    expect(unknown.message).toContain('task id "nope_1" is unknown to the server');
  });

  it('says how to start a server that is not running', async () => {
    const server = await startFakeAppWorldServer();
    const url = server.url;
    await server.close();
    const error = await failure(new AppWorldClient({ url }).index());
    expect(error.kind).toBe('unreachable');
    expect(error.isServerDown).toBe(true);
    expect(error.message).toContain(`appworld serve environment --port ${new URL(url).port}`);
    expect(error.message).toContain('forge appworld serve -n N');
  });

  it('reports a server that dies mid-request, one that hangs, and bodies it cannot read', async () => {
    const dying = await startFakeAppWorldServer({
      onRequest: (request) => (request.path === '/execute' ? 'die' : undefined),
    });
    const client = new AppWorldClient({ url: dying.url });
    await client.initialize('a1c0de1_1');
    expect(await failure(client.execute('a1c0de1_1', 'x'))).toMatchObject({
      kind: 'connection-lost',
      isServerDown: true,
    });
    expect((await failure(client.index())).kind).toBe('unreachable');

    await using odd = await startLoopbackServer();
    odd.enqueue(
      { json: { output: 1 }, delayMs: 2_000 },
      { json: { output: { task_id: 3 } } },
      { status: 422, json: { detail: [{ loc: ['body', 'code'], msg: 'Field required' }] } },
      { status: 404, json: { detail: 'Not Found' } },
    );
    const oddClient = new AppWorldClient({ url: odd.url, timeoutMs: 100 });
    expect(await failure(oddClient.execute('t', 'x'))).toMatchObject({ kind: 'timeout' });
    const invalid = await failure(oddClient.showTask('t'));
    expect(invalid.kind).toBe('invalid-response');
    expect(invalid.message).toContain('task_id');
    const rejected = await failure(oddClient.execute('t', 'x'));
    expect(rejected).toMatchObject({
      kind: 'invalid-request',
      detail: 'body.code: Field required',
    });
    const absent = await failure(oddClient.taskCompleted('t'));
    expect(absent).toMatchObject({ kind: 'not-found', statusCode: 404 });
    expect(absent.message).toContain('appworld serve environment');
  });

  it("rethrows the caller's abort as it is", async () => {
    await using server = await startLoopbackServer();
    server.enqueue({ json: { output: 'late' }, delayMs: 2_000 });
    const controller = new AbortController();
    const pending = new AppWorldClient({ url: server.url }).execute('t', 'x', {
      abortSignal: controller.signal,
    });
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });
});
