import { createHash } from 'node:crypto';
import type { LoopbackResponse } from '@forge/provider/testing';
import {
  type DraftValidation,
  sandboxRequestSchema,
  type TaskDraft,
  taskDraftSchema,
} from '../authoring/authoring-protocol.js';
import type { FakeTaskCatalog } from './fake-task-catalog.js';
import { checkTest, type FakeTaskDefinition, initialState, runCode } from './fake-world.js';

/** The fake backend's state: the shared catalog and the drafts made so far. */
export interface FakeAuthoring {
  readonly catalog: FakeTaskCatalog;
  readonly drafts: Map<string, { readonly task: FakeTaskDefinition; readonly valid: boolean }>;
}

/**
 * Forge's task-authoring protocol over the fake world (simulated): drafts reuse a base task's
 * starting world, the reference solution and the tests run in the fake language, and a
 * published task joins the catalog every fake server of the pool loads from. Ids are content
 * hashes, so the same draft always publishes under the same id.
 */
export function handleAuthoring(
  authoring: FakeAuthoring,
  method: string,
  path: string,
  input: unknown,
): LoopbackResponse {
  if (method !== 'POST') return { status: 405, json: { detail: 'Method Not Allowed' } };
  if (path === '/authoring/drafts') {
    const parsed = taskDraftSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    const base = authoring.catalog.get(parsed.data.base_task_id);
    if (base === undefined)
      return detail(`There is no task ${parsed.data.base_task_id} to base a draft on.`);
    const draftId = `draft-${digest(parsed.data)}`;
    const task = draftedTask(base, parsed.data, draftId);
    const validation = validate(task, parsed.data.solution_code);
    authoring.drafts.set(draftId, { task, valid: validation.valid });
    return { json: { output: { draft_id: draftId, validation } } };
  }
  if (path === '/authoring/sandbox') {
    const parsed = sandboxRequestSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error.issues);
    const task =
      authoring.drafts.get(parsed.data.task_id)?.task ?? authoring.catalog.get(parsed.data.task_id);
    if (task === undefined) return detail(`There is no task or draft ${parsed.data.task_id}.`);
    return { json: { output: runCode(initialState(task), parsed.data.code) } };
  }
  const finalize = /^\/authoring\/drafts\/([^/]+)\/finalize$/.exec(path);
  if (finalize !== null) {
    const draftId = decodeURIComponent(finalize[1] as string);
    const draft = authoring.drafts.get(draftId);
    if (draft === undefined) return detail(`There is no draft ${draftId}.`);
    if (!draft.valid) return detail(`Draft ${draftId} did not validate; fix it and draft again.`);
    const taskId = `${draftId.slice('draft-'.length, 'draft-'.length + 7)}_1`;
    authoring.catalog.add({ ...draft.task, id: taskId });
    return {
      json: {
        output: {
          task_id: taskId,
          instruction: draft.task.instruction,
          requirements: draft.task.tests.map((test) => test.requirement),
        },
      },
    };
  }
  return { status: 404, json: { detail: 'Not Found' } };
}

function draftedTask(base: FakeTaskDefinition, draft: TaskDraft, id: string): FakeTaskDefinition {
  return {
    ...base,
    id,
    instruction: draft.instruction,
    difficulty: 2,
    tests: draft.tests.map((test) => ({ requirement: test.requirement, code: test.code })),
  };
}

function validate(task: FakeTaskDefinition, solution: string): DraftValidation {
  const solved = initialState(task);
  const output = runCode(solved, solution);
  const ran = !output.includes('Execution failed.');
  const untouched = initialState(task);
  const tests = task.tests.map((test) => {
    const problem = checkTest(solved, test);
    return {
      requirement: test.requirement,
      label:
        checkTest(untouched, test) === undefined
          ? ('no_op_pass' as const)
          : ('no_op_fail' as const),
      passes_with_solution: problem === undefined,
      ...(problem === undefined ? {} : { detail: problem }),
    };
  });
  const problems: string[] = [];
  if (!ran) problems.push('the reference solution failed to run');
  if (!solved.completed)
    problems.push('the reference solution never calls apis.supervisor.complete_task');
  for (const test of tests)
    if (!test.passes_with_solution)
      problems.push(`"${test.requirement}" fails after the solution (${test.detail})`);
  if (!tests.some((test) => test.label === 'no_op_fail'))
    problems.push('every test passes when nothing is done, so the task measures nothing');
  const solvable = ran && solved.completed && tests.every((test) => test.passes_with_solution);
  const meaningful = tests.some((test) => test.label === 'no_op_fail');
  return {
    solvable,
    meaningful,
    valid: solvable && meaningful,
    solution_output: output,
    tests,
    problems,
  };
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

function detail(text: string): LoopbackResponse {
  return { status: 400, json: { detail: text } };
}

function invalid(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): LoopbackResponse {
  return {
    status: 422,
    json: {
      detail: issues.map((issue) => ({
        type: 'value_error',
        loc: ['body', ...issue.path.map(String)],
        msg: issue.message,
      })),
    },
  };
}
