import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import {
  type AppWorldAuthoring,
  sandboxRequestSchema,
  taskDraftSchema,
} from '../authoring/authoring-protocol.js';
import type { AppWorldApiDocs } from '../client/wire-schemas.js';
import type { AppWorldServerPool } from '../pool/server-pool.js';

/** Names of the synthesis tools. */
export const synthesisToolNames = {
  showTask: 'show_task',
  listApps: 'list_apps',
  apiDescriptions: 'show_api_descriptions',
  apiDoc: 'show_api_doc',
  sandbox: 'run_in_sandbox',
  draft: 'draft_task',
  finalize: 'finalize_task',
} as const;

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a Python identifier');

/**
 * The tools the generator and the verifier get (B.2): look-ups that query the environment
 * servers (a task's instruction, supervisor and date-time; the API documentation) and, when an
 * authoring backend is given, a sandboxed task world (`run_in_sandbox`), drafting with
 * validation (`draft_task`: is the task solvable by its reference solution, and do its tests
 * measure something?) and publishing (`finalize_task`). Both agents get the same tools, as in
 * the paper's runs.
 */
export function createSynthesisTools(
  pool: AppWorldServerPool,
  authoring: AppWorldAuthoring | undefined,
): AgentTool[] {
  let docs: Promise<AppWorldApiDocs> | undefined;
  const apiDocs = () => {
    // One fetch per benchmark: the documentation is the same on every server.
    docs ??= pool
      .lookup((client) => client.apiDocs())
      .catch((error: unknown) => {
        docs = undefined;
        throw error;
      });
    return docs;
  };
  const appOf = async (name: string) => {
    const all = await apiDocs();
    const app = all[name];
    if (app === undefined)
      throw new Error(`there is no app "${name}"; the apps are: ${Object.keys(all).join(', ')}`);
    return app;
  };
  const tools: AgentTool[] = [
    defineTool({
      name: synthesisToolNames.showTask,
      description:
        "Looks up an AppWorld task by id: its instruction, its supervisor and its world's date-time (what 'today' means in it).",
      inputSchema: z.object({ task_id: z.string().min(1) }),
      execute: ({ task_id }, context) =>
        pool.lookup((client) =>
          client.showTask(task_id, {
            ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
          }),
        ),
    }),
    defineTool({
      name: synthesisToolNames.listApps,
      description: 'Lists the apps of the environment with the number of APIs each offers.',
      inputSchema: z.object({}),
      execute: async () =>
        Object.entries(await apiDocs()).map(([app, apis]) => ({
          app_name: app,
          apis: Object.keys(apis).length,
        })),
    }),
    defineTool({
      name: synthesisToolNames.apiDescriptions,
      description: "Lists one app's APIs with their descriptions.",
      inputSchema: z.object({ app_name: identifier }),
      execute: async ({ app_name }) =>
        Object.entries(await appOf(app_name)).map(([name, doc]) => ({
          name,
          description: doc['description'] ?? '',
        })),
    }),
    defineTool({
      name: synthesisToolNames.apiDoc,
      description: "Shows one API's documentation: path, parameters, response schemas.",
      inputSchema: z.object({ app_name: identifier, api_name: identifier }),
      execute: async ({ app_name, api_name }) => {
        const doc = (await appOf(app_name))[api_name];
        if (doc === undefined) throw new Error(`the ${app_name} app has no API "${api_name}"`);
        return doc;
      },
    }),
  ];
  if (authoring === undefined) return tools;
  const signal = (context: { abortSignal?: AbortSignal }) =>
    context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal };
  return [
    ...tools,
    defineTool({
      name: synthesisToolNames.sandbox,
      description:
        "Runs Python code (the `apis` object is preloaded) on a fresh copy of a task's or draft's starting world and returns what it printed; changes are discarded. Use it to explore a world's data and to try a solution.",
      inputSchema: sandboxRequestSchema,
      execute: ({ task_id, code }, context) =>
        authoring.runInSandbox(task_id, code, signal(context)),
    }),
    defineTool({
      name: synthesisToolNames.draft,
      description:
        "Drafts a new task on a base task's world and validates it at once: the reference solution must run, complete the task and pass every test (solvable), and at least one test must fail when nothing is done (meaningful). Returns the draft id and the validation; to repair a draft, draft again.",
      inputSchema: taskDraftSchema,
      execute: (draft, context) => authoring.draftTask(draft, signal(context)),
    }),
    defineTool({
      name: synthesisToolNames.finalize,
      description:
        'Publishes a draft that validated as a native task every environment server can load, and returns its task id, instruction and requirements.',
      inputSchema: z.object({ draft_id: z.string().min(1) }),
      execute: ({ draft_id }, context) => authoring.finalizeTask(draft_id, signal(context)),
    }),
  ];
}
