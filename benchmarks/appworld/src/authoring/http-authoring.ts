import { withoutTrailingSlash } from '@forge/provider';
import { z } from 'zod';
import { parseOutput, requestJson } from '../client/http-json.js';
import {
  type AppWorldAuthoring,
  draftResultSchema,
  publishedTaskSchema,
  type TaskDraft,
} from './authoring-protocol.js';

/** Settings of `createHttpAuthoring`. */
export interface HttpAuthoringSettings {
  /** Base URL of the backend (the part before `/authoring/…`). */
  readonly url: string;
  /** The fetch implementation. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Per-request timeout in milliseconds. Default 300,000: validation runs a whole episode. */
  readonly timeoutMs?: number;
}

/** A client of a backend speaking Forge's task-authoring protocol over HTTP. */
export function createHttpAuthoring(settings: HttpAuthoringSettings): AppWorldAuthoring {
  const url = withoutTrailingSlash(settings.url);
  const fetchImpl = settings.fetch ?? globalThis.fetch;
  const post = async <T>(
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    abortSignal: AbortSignal | undefined,
  ): Promise<T> => {
    const answer = await requestJson({
      fetch: fetchImpl,
      url,
      method: 'POST',
      path,
      body,
      timeoutMs: settings.timeoutMs ?? 300_000,
      abortSignal,
      unreachableHint:
        'Start the task-authoring backend, or remove benchmarkSettings.authoringUrl to run AppWorld as prompt search only.',
    });
    return parseOutput(url, `POST ${path}`, schema, answer);
  };
  return {
    location: url,
    draftTask: (draft: TaskDraft, options = {}) =>
      post('/authoring/drafts', draft, draftResultSchema, options.abortSignal),
    runInSandbox: (taskId, code, options = {}) =>
      post('/authoring/sandbox', { task_id: taskId, code }, z.string(), options.abortSignal),
    finalizeTask: (draftId, options = {}) =>
      post(
        `/authoring/drafts/${encodeURIComponent(draftId)}/finalize`,
        {},
        publishedTaskSchema,
        options.abortSignal,
      ),
  };
}
