import {
  type LoopbackRequest,
  type LoopbackResponse,
  startLoopbackServer,
} from '@forge/provider/testing';
import { fakeApiDocs } from './fake-apps.js';
import { type FakeAuthoring, handleAuthoring } from './fake-authoring.js';
import { FakeTaskCatalog } from './fake-task-catalog.js';
import { type FakeTaskDefinition, FakeWorld } from './fake-world.js';

/** Options of `startFakeAppWorldServer`. */
export interface FakeAppWorldServerOptions {
  /** The tasks it can load; share one catalog between servers of a pool. Default the fake tasks. */
  readonly catalog?: FakeTaskCatalog;
  /** Serve Forge's task-authoring protocol under `/authoring` too. Default false. */
  readonly authoring?: boolean;
  /**
   * Sees every request before it is answered. Returning `die` makes the server drop that
   * request's connection and stop listening, as a crashed `appworld serve environment` would.
   */
  readonly onRequest?: (request: LoopbackRequest, index: number) => 'die' | undefined;
}

/** A running fake environment server. */
export interface FakeAppWorldServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received, in order (method, path, parsed JSON body). */
  readonly requests: readonly LoopbackRequest[];
  /** The tasks it can load. */
  readonly catalog: FakeTaskCatalog;
  /** The active task world, if a task is initialised. */
  readonly world: FakeWorld | undefined;
  /** Stops answering at once, as a crashed server: open connections drop, the port closes. */
  kill(): Promise<void>;
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * A loopback HTTP server speaking the wire format of `appworld serve environment` (AppWorld 0.2's
 * `serve/environment.py`) over synthetic tasks. It is a simulation: code runs in a tiny
 * Python-like language (see `fake-code.ts`), not in Python, and its welcome message says so.
 * Like the real server it holds one task world at a time.
 */
export async function startFakeAppWorldServer(
  options: FakeAppWorldServerOptions = {},
): Promise<FakeAppWorldServer> {
  const catalog = options.catalog ?? new FakeTaskCatalog();
  const authoring: FakeAuthoring = { catalog, drafts: new Map() };
  let world: FakeWorld | undefined;
  let dying = false;

  const server = await startLoopbackServer({
    handler: (request, index) => {
      if (dying || options.onRequest?.(request, index) === 'die') {
        dying = true;
        setImmediate(() => void server.close());
        return { hangUp: true };
      }
      const path = new URL(request.path, 'http://127.0.0.1').pathname;
      if (options.authoring === true && path.startsWith('/authoring/'))
        return handleAuthoring(authoring, request.method, path, request.body);
      return route(request.method, path, body(request));
    },
  });

  function route(method: string, path: string, input: Record<string, unknown>): LoopbackResponse {
    if (method === 'GET' && path === '/')
      return ok({
        message:
          "Welcome to Forge's fake AppWorld environment server (simulated: synthetic tasks, a tiny Python-like language). Not the real AppWorld.",
      });
    if (method === 'GET' && path === '/api_docs') return { json: fakeApiDocs() };
    if (method === 'GET' && path.startsWith('/tasks/')) {
      const task = catalog.get(decodeURIComponent(path.slice('/tasks/'.length)));
      return task === undefined ? internalError() : wrap(describe(task));
    }
    if (method !== 'POST') return { status: 405, json: { detail: 'Method Not Allowed' } };
    if (path === '/close_all') {
      world = undefined;
      return wrap(null);
    }
    const taskId = input['task_id'];
    if (typeof taskId !== 'string') return missing('task_id', input);
    if (path === '/initialize') {
      const task = catalog.get(taskId);
      if (task === undefined) return internalError();
      world = new FakeWorld(task);
      return wrap(describe(task));
    }
    if (!['/execute', '/task_completed', '/evaluate', '/close'].includes(path))
      return { status: 404, json: { detail: 'Not Found' } };
    if (world === undefined)
      return { status: 400, json: { detail: 'AppWorld has not been initialized.' } };
    if (world.task.id !== taskId) {
      return {
        status: 400,
        json: {
          detail: `The active task world is ${world.task.id}. But you have requested to operate on ${taskId}`,
        },
      };
    }
    switch (path) {
      case '/execute':
        return typeof input['code'] === 'string'
          ? wrap(world.execute(input['code']))
          : missing('code', input);
      case '/task_completed':
        return wrap(world.state.completed);
      case '/evaluate':
        return wrap(input['report'] === true ? textReport(world) : world.evaluate());
      default:
        world = undefined;
        return wrap(null);
    }
  }

  return {
    url: server.url,
    requests: server.requests,
    catalog,
    get world() {
      return world;
    },
    kill: async () => {
      dying = true;
      await server.close();
    },
    close: () => server.close(),
    [Symbol.asyncDispose]: () => server.close(),
  };
}

function describe(task: FakeTaskDefinition) {
  return {
    task_id: task.id,
    instruction: task.instruction,
    supervisor: task.supervisor,
    datetime: task.datetime,
  };
}

function textReport(world: FakeWorld): string {
  const report = world.evaluate();
  return [
    `Num Passed Tests : ${report.passes.length}`,
    `Num Failed Tests : ${report.failures.length}`,
    `Num Total  Tests : ${report.num_tests}`,
  ].join('\n');
}

function body(request: LoopbackRequest): Record<string, unknown> {
  const value = request.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function ok(json: unknown): LoopbackResponse {
  return { json };
}

function wrap(output: unknown): LoopbackResponse {
  return { json: { output } };
}

// FastAPI's answer to a missing body field.
function missing(field: string, input: unknown): LoopbackResponse {
  return {
    status: 422,
    json: { detail: [{ type: 'missing', loc: ['body', field], msg: 'Field required', input }] },
  };
}

// What uvicorn sends for an uncaught exception (AppWorld's Task.load on an unknown id).
function internalError(): LoopbackResponse {
  return { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error' };
}
