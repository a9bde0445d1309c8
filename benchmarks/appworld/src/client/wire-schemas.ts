import { z } from 'zod';

// The JSON the AppWorld environment server (`appworld serve environment`, FastAPI) sends, as its
// `serve/environment.py` builds it: every endpoint but `GET /` and `GET /api_docs` wraps its
// result in `{"output": …}`; HTTPExceptions answer `{"detail": "<text>"}`, request-validation
// errors `{"detail": [{"loc", "msg", "type"}]}`, and uncaught exceptions a plain-text 500.

/** The supervisor: the person on whose behalf the agent acts. */
export const supervisorSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});

/** A task as `POST /initialize` and `GET /tasks/{task_id}` describe it. */
export const taskSchema = z.object({
  task_id: z.string(),
  instruction: z.string(),
  supervisor: supervisorSchema,
  /** The world's frozen "now", ISO 8601 (FastAPI's rendering of a Python datetime). */
  datetime: z.string(),
});

/** One passed test (`TestTracker.passes`). */
export const passSchema = z.object({
  requirement: z.string(),
  label: z.string().nullable().optional(),
});

/** One failed test (`TestTracker.failures`). */
export const failureSchema = z.object({
  requirement: z.string(),
  trace: z.string().optional().default(''),
  label: z.string().nullable().optional(),
});

/** `POST /evaluate` with `report: false`: `TestTracker.to_dict(stats_only=False)`. */
export const evaluationReportSchema = z.object({
  success: z.boolean(),
  difficulty: z.number().int().nullable().optional(),
  num_tests: z.number().int().min(0),
  passes: z.array(passSchema),
  failures: z.array(failureSchema),
});

/** `GET /api_docs`: app name → API name → documentation object. */
export const apiDocsSchema = z.record(z.string(), z.record(z.string(), z.looseObject({})));

/** `GET /`: the welcome message. */
export const indexSchema = z.object({ message: z.string() });

/** An error body: FastAPI's `detail`, a string or a list of validation issues. */
export const errorBodySchema = z.object({
  detail: z.union([
    z.string(),
    z.array(
      z.looseObject({
        loc: z.array(z.union([z.string(), z.number()])).optional(),
        msg: z.string().optional(),
      }),
    ),
  ]),
});

/** A task as the server describes it. */
export type AppWorldTask = z.infer<typeof taskSchema>;
/** The supervisor of a task. */
export type AppWorldSupervisor = z.infer<typeof supervisorSchema>;
/** The environment's evaluation of one task. */
export type AppWorldEvaluationReport = z.infer<typeof evaluationReportSchema>;
/** API documentation by app and API name. */
export type AppWorldApiDocs = z.infer<typeof apiDocsSchema>;
