import { withoutTrailingSlash } from '@forge/provider';
import { z } from 'zod';
import { startServersHint } from './appworld-error.js';
import { parseOutput, requestJson } from './http-json.js';
import {
  type AppWorldApiDocs,
  type AppWorldEvaluationReport,
  type AppWorldTask,
  apiDocsSchema,
  evaluationReportSchema,
  indexSchema,
  taskSchema,
} from './wire-schemas.js';

/** Settings of an `AppWorldClient`. */
export interface AppWorldClientSettings {
  /** Base URL of one environment server, e.g. `http://127.0.0.1:8000`. */
  readonly url: string;
  /** The fetch implementation. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Per-request timeout in milliseconds. Default 150,000: longer than AppWorld's own 100-second
   * limit on one code execution, so a slow execution reports its own timeout first.
   */
  readonly timeoutMs?: number;
}

/** Options of one request. */
export interface RequestOptions {
  /** Cancels the request. */
  readonly abortSignal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  readonly timeoutMs?: number;
}

/** What `initialize` sends besides the task id. */
export interface InitializeOptions extends RequestOptions {
  /**
   * Where AppWorld saves the episode's outputs (`experiments/outputs/<name>`). Give every episode
   * its own: two episodes of one task under one name overwrite each other. Default `default`.
   */
  readonly experimentName?: string;
  /** Further `AppWorldInitDefaults` fields (`max_interactions`, `random_seed`, …), sent as is. */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** Default request timeout (ms). */
export const defaultRequestTimeoutMs = 150_000;

/**
 * A client of one AppWorld environment server (`appworld serve environment`), speaking its
 * HTTP wire format. Every failure is an `AppWorldError` whose message says what to do.
 */
export class AppWorldClient {
  /** Base URL of the server, without a trailing slash. */
  readonly url: string;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly timeoutMs: number;

  constructor(settings: AppWorldClientSettings) {
    this.url = withoutTrailingSlash(settings.url);
    this.fetchImpl = settings.fetch ?? globalThis.fetch;
    this.timeoutMs = settings.timeoutMs ?? defaultRequestTimeoutMs;
  }

  /** `GET /`: the welcome message; the pool's health check. */
  async index(options: RequestOptions = {}): Promise<string> {
    const body = await this.request('GET', '/', undefined, options);
    return this.parse('GET /', indexSchema, body).message;
  }

  /** `POST /initialize`: loads the task's world on the server and returns the task. */
  async initialize(taskId: string, options: InitializeOptions = {}): Promise<AppWorldTask> {
    const body = await this.request(
      'POST',
      '/initialize',
      {
        ...options.settings,
        task_id: taskId,
        experiment_name: options.experimentName ?? 'default',
      },
      options,
      unknownTaskHint(taskId),
    );
    return this.parse('POST /initialize', taskSchema, body);
  }

  /** `GET /tasks/{task_id}`: the task's instruction, supervisor and date-time, without loading it. */
  async showTask(taskId: string, options: RequestOptions = {}): Promise<AppWorldTask> {
    const path = `/tasks/${encodeURIComponent(taskId)}`;
    const body = await this.request('GET', path, undefined, options, unknownTaskHint(taskId));
    return this.parse(`GET ${path}`, taskSchema, body);
  }

  /**
   * The task's frozen date-time (what "today" means inside its world), from `GET /tasks/{id}`:
   * the server has no separate date-time endpoint.
   */
  async taskDatetime(taskId: string, options: RequestOptions = {}): Promise<string> {
    return (await this.showTask(taskId, options)).datetime;
  }

  /** `POST /execute`: runs Python in the task's REPL and returns what it printed (or the traceback). */
  async execute(taskId: string, code: string, options: RequestOptions = {}): Promise<string> {
    const body = await this.request('POST', '/execute', { task_id: taskId, code }, options);
    return this.parse('POST /execute', z.string(), body);
  }

  /** `POST /task_completed`: true once the agent has called `apis.supervisor.complete_task`. */
  async taskCompleted(taskId: string, options: RequestOptions = {}): Promise<boolean> {
    const body = await this.request('POST', '/task_completed', { task_id: taskId }, options);
    return this.parse('POST /task_completed', z.boolean(), body);
  }

  /** `POST /evaluate` (`report: false`): the environment's tests run on the task's current state. */
  async evaluate(
    taskId: string,
    options: RequestOptions & { readonly suppressErrors?: boolean } = {},
  ): Promise<AppWorldEvaluationReport> {
    const body = await this.request(
      'POST',
      '/evaluate',
      { task_id: taskId, suppress_errors: options.suppressErrors ?? true, report: false },
      options,
    );
    return this.parse('POST /evaluate', evaluationReportSchema, body);
  }

  /** `POST /close`: drops the task's world so the server can take another task. */
  async close(taskId: string, options: RequestOptions = {}): Promise<void> {
    await this.request('POST', '/close', { task_id: taskId }, options);
  }

  /** `POST /close_all`: drops every world the server holds. */
  async closeAll(options: RequestOptions = {}): Promise<void> {
    await this.request('POST', '/close_all', undefined, options);
  }

  /** `GET /api_docs`: the documentation of every app's APIs. */
  async apiDocs(options: RequestOptions = {}): Promise<AppWorldApiDocs> {
    const body = await this.request('GET', '/api_docs', undefined, options);
    return this.parse('GET /api_docs', apiDocsSchema, body);
  }

  private request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions,
    serverErrorHint?: string,
  ): Promise<unknown> {
    return requestJson({
      fetch: this.fetchImpl,
      url: this.url,
      method,
      path,
      body,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      abortSignal: options.abortSignal,
      unreachableHint: startServersHint(this.url),
      serverErrorHint,
    });
  }

  private parse<T>(endpoint: string, schema: z.ZodType<T>, body: unknown): T {
    return parseOutput(this.url, endpoint, schema, body);
  }
}

function unknownTaskHint(taskId: string): string {
  return `Most often the task id "${taskId}" is unknown to the server: check that it exists under $APPWORLD_ROOT/data/tasks and that the server runs with --root set to that APPWORLD_ROOT.`;
}
