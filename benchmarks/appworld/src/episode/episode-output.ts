import { z } from 'zod';
import { evaluationReportSchema } from '../client/wire-schemas.js';

/** Where an episode broke, when it did. */
export const episodeFailureSchema = z.object({
  /** The stage that failed. */
  stage: z.enum(['initialize', 'agent', 'evaluate']),
  /** `AppWorldError.kind`, or `error` for anything else. */
  kind: z.string(),
  /** What happened, for the feedback. */
  message: z.string(),
  /** True when the server was taken out of the pool. */
  server_retired: z.boolean(),
});

/** What the agent loop did, for feedback and reports. */
export const episodeSchema = z.object({
  task_id: z.string(),
  /** The environment server that ran the task. */
  server: z.string(),
  /** Model calls made (the paper's agent steps). */
  steps: z.number().int().min(0),
  /** The step limit. */
  max_steps: z.number().int().min(1),
  /**
   * Why the loop ended: `task-completed` (the environment reports the task complete),
   * `step-limit`, `failure`, or the finish reason of a model answer without tool calls.
   */
  stop: z.string(),
  /** True when `apis.supervisor.complete_task` was called. */
  completed: z.boolean(),
  /** The world's date-time, as the environment reported it. */
  datetime: z.string().optional(),
  failure: episodeFailureSchema.optional(),
});

/**
 * An AppWorld execution's output: the environment's evaluation report (absent when the episode
 * failed before it), the requirements it passed (the prediction of the signature's
 * `requirements` field), and the episode summary. The evaluator reads only this.
 */
export const episodeOutputSchema = z.object({
  requirements: z.array(z.string()),
  evaluation: evaluationReportSchema.optional(),
  episode: episodeSchema,
});

/** Where an episode broke. */
export type EpisodeFailure = z.infer<typeof episodeFailureSchema>;
/** What the agent loop did. */
export type Episode = z.infer<typeof episodeSchema>;
/** An AppWorld execution's output. */
export type EpisodeOutput = z.infer<typeof episodeOutputSchema>;
