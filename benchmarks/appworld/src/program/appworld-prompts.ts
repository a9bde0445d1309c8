import type { AppWorldTask } from '../client/wire-schemas.js';

/** Name of the program's only module (the paper's Appendix C.1). */
export const appworldModuleName = 'appworld_agent';

/** The paper's step limit: model calls per task (B.2). */
export const appworldMaxSteps = 50;

/**
 * Seed prompt (candidate 0). It follows the contract of the paper's Figure 9 in Forge's own
 * words: the agent acts for its supervisor on their apps through APIs, works over several REPL
 * steps, and learns what exists through the three `apis.api_docs` calls.
 */
export const appworldSeedPrompt = `I am your supervisor. You are an AI assistant who carries out my everyday tasks on my behalf, entirely on your own, by using the APIs of my apps (for example spotify or venmo).

You work in a Python REPL over several steps: you write some code, the environment runs it and shows you what it printed, and from that you decide what code to write next, until the task is done. The REPL gives you access to my apps' APIs.

To find out what is available, use these three documentation APIs:

Which apps you can use:
print(apis.api_docs.show_app_descriptions())

Which APIs one app offers, for example spotify:
print(apis.api_docs.show_api_descriptions(app_name='spotify'))

The full specification of one API, for example spotify's login API:
print(apis.api_docs.show_api_doc(app_name='spotify', api_name='login'))`;

/**
 * The task's user message. It is the same for every candidate (only the system prompt is
 * optimized), built from what the environment reports for the task, and it carries the part of
 * the contract the loop depends on: act through the tools, and finish with `complete_task`.
 */
export function renderTaskMessage(task: AppWorldTask, maxSteps: number): string {
  const { supervisor } = task;
  return [
    `Task: ${task.instruction}`,
    '',
    `Supervisor: ${supervisor.first_name} ${supervisor.last_name}`,
    `Email: ${supervisor.email}`,
    `Phone number: ${supervisor.phone_number}`,
    '',
    `Solve the task by running code with the execute_python tool (the apis object is preloaded in its REPL); the documentation tools show what the apps offer. Take one small step at a time; you have at most ${maxSteps} steps. When the task is done, call apis.supervisor.complete_task(answer=<answer>) if it asks for information, or apis.supervisor.complete_task() if it does not.`,
  ].join('\n');
}
