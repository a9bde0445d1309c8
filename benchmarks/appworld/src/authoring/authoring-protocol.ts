import { z } from 'zod';

// Forge's task-authoring protocol. The paper's AppWorld runs (B.2) used an authoring service that
// inspects APIs, drafts and repairs native tasks, validates solutions and publishes task
// artifacts; AppWorld itself ships none. This is the interface Forge's synthesis tools speak to
// such a backend, over HTTP in AppWorld's own envelope ({"output": …} / {"detail": …}):
//   POST /authoring/drafts                      body: TaskDraft      → DraftResult
//   POST /authoring/sandbox                     body: SandboxRequest → string (REPL output)
//   POST /authoring/drafts/{draft_id}/finalize  body: {}             → PublishedTask
// A published task must be loadable by every environment server of the pool (same APPWORLD_ROOT).

/** One test of a drafted task. */
export const draftTestSchema = z.object({
  requirement: z.string().min(1).describe('What the test checks, in one sentence.'),
  code: z
    .string()
    .min(1)
    .describe(
      'Code the backend runs on the final state; it fails (raises) when the requirement is not met.',
    ),
});

/** A proposed task: a base task's world, an instruction, a reference solution and tests. */
export const taskDraftSchema = z.object({
  base_task_id: z
    .string()
    .min(1)
    .describe('An existing task whose starting world (apps, people, data) the new task reuses.'),
  instruction: z
    .string()
    .min(1)
    .describe("What the supervisor asks for, in the supervisor's words."),
  solution_code: z
    .string()
    .min(1)
    .describe(
      'Reference solution: REPL code that completes the task, ending with apis.supervisor.complete_task(...).',
    ),
  tests: z.array(draftTestSchema).min(1).describe('The evaluation tests of the new task.'),
});

/** How one test behaved during validation. */
export const testCheckSchema = z.object({
  requirement: z.string(),
  /** `no_op_fail` when the test fails on the untouched world (it measures something), else `no_op_pass`. */
  label: z.enum(['no_op_fail', 'no_op_pass']),
  passes_with_solution: z.boolean(),
  detail: z.string().optional(),
});

/** The backend's verdict on a draft. */
export const draftValidationSchema = z.object({
  /** The solution ran without error and every test passes after it. */
  solvable: z.boolean(),
  /** At least one test fails when nothing is done (`no_op_fail`). */
  meaningful: z.boolean(),
  /** Solvable and meaningful: only valid drafts can be published. */
  valid: z.boolean(),
  /** What running the solution printed. */
  solution_output: z.string(),
  tests: z.array(testCheckSchema),
  /** What is wrong, in words, when the draft is not valid. */
  problems: z.array(z.string()),
});

/** `POST /authoring/drafts`. */
export const draftResultSchema = z.object({
  draft_id: z.string(),
  validation: draftValidationSchema,
});

/** `POST /authoring/sandbox`: code run on a fresh copy of a task's (or draft's) starting world. */
export const sandboxRequestSchema = z.object({
  task_id: z.string().min(1).describe('A task id or a draft id.'),
  code: z.string().describe('REPL code; changes are discarded after the call.'),
});

/** `POST /authoring/drafts/{id}/finalize`. */
export const publishedTaskSchema = z.object({
  task_id: z.string(),
  instruction: z.string(),
  requirements: z.array(z.string()),
});

/** A proposed task. */
export type TaskDraft = z.infer<typeof taskDraftSchema>;
/** A draft's id and validation. */
export type DraftResult = z.infer<typeof draftResultSchema>;
/** The backend's verdict on a draft. */
export type DraftValidation = z.infer<typeof draftValidationSchema>;
/** A task the backend published. */
export type PublishedTask = z.infer<typeof publishedTaskSchema>;

/** What Forge's synthesis tools need from a task-authoring backend. */
export interface AppWorldAuthoring {
  /** Where the backend is, for messages (a URL, or a name). */
  readonly location: string;
  /** Creates a draft and validates it at once (repair = draft again). */
  draftTask(draft: TaskDraft, options?: { abortSignal?: AbortSignal }): Promise<DraftResult>;
  /** Runs code on a fresh copy of a task's or draft's starting world and discards the changes. */
  runInSandbox(
    taskId: string,
    code: string,
    options?: { abortSignal?: AbortSignal },
  ): Promise<string>;
  /** Publishes a valid draft as a native task every environment server can load. */
  finalizeTask(draftId: string, options?: { abortSignal?: AbortSignal }): Promise<PublishedTask>;
}
