import { type AgentTool, defineTool } from '@forge/provider';
import { z } from 'zod';
import type { AppWorldClient } from '../client/appworld-client.js';
import type { EpisodeControl } from './episode-control.js';

/** Names the model calls the task tools by. */
export const agentToolNames = {
  execute: 'execute_python',
  appDescriptions: 'show_app_descriptions',
  apiDescriptions: 'show_api_descriptions',
  apiDoc: 'show_api_doc',
} as const;

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a Python identifier such as spotify or login');

/**
 * The task agent's tools, bound to one task on one server: `execute_python` runs code in the
 * task's REPL (state persists between calls, as in AppWorld), and three documentation tools run
 * the environment's own `apis.api_docs` calls. After every call the environment is asked
 * whether the task is complete; once it is, or once the server fails, the episode stops.
 */
export function createAgentTools(
  client: AppWorldClient,
  taskId: string,
  control: EpisodeControl,
): AgentTool[] {
  const run = async (tool: string, code: string): Promise<string> => {
    let output: string;
    let completed: boolean;
    try {
      output = await client.execute(taskId, code, { abortSignal: control.outerSignal });
      completed = await client.taskCompleted(taskId, { abortSignal: control.outerSignal });
    } catch (error) {
      return control.fail(error);
    }
    control.recordToolOutput(tool, output);
    if (completed) control.complete();
    return output;
  };
  return [
    defineTool({
      name: agentToolNames.execute,
      description:
        "Runs Python code in the task's REPL and returns what it printed (or the traceback). The `apis` object is preloaded: `apis.<app>.<api>(...)` calls an app's API. Variables persist between calls.",
      inputSchema: z.object({ code: z.string().describe('The Python code to run.') }),
      execute: ({ code }) => run(agentToolNames.execute, code),
    }),
    defineTool({
      name: agentToolNames.appDescriptions,
      description:
        'Lists the available apps with short descriptions (runs print(apis.api_docs.show_app_descriptions())).',
      inputSchema: z.object({}),
      execute: () =>
        run(agentToolNames.appDescriptions, 'print(apis.api_docs.show_app_descriptions())'),
    }),
    defineTool({
      name: agentToolNames.apiDescriptions,
      description:
        "Lists an app's APIs with short descriptions (runs print(apis.api_docs.show_api_descriptions(app_name=...))).",
      inputSchema: z.object({ app_name: identifier.describe('The app, e.g. spotify.') }),
      execute: ({ app_name }) =>
        run(
          agentToolNames.apiDescriptions,
          `print(apis.api_docs.show_api_descriptions(app_name='${app_name}'))`,
        ),
    }),
    defineTool({
      name: agentToolNames.apiDoc,
      description:
        "Shows one API's full specification: parameters, types, defaults, response schema (runs print(apis.api_docs.show_api_doc(app_name=..., api_name=...))).",
      inputSchema: z.object({
        app_name: identifier.describe('The app, e.g. spotify.'),
        api_name: identifier.describe('The API, e.g. login.'),
      }),
      execute: ({ app_name, api_name }) =>
        run(
          agentToolNames.apiDoc,
          `print(apis.api_docs.show_api_doc(app_name='${app_name}', api_name='${api_name}'))`,
        ),
    }),
  ];
}
