import { z } from 'zod';

// Schemas for data that crosses a boundary: observations read from a file, and failure-memory
// state loaded back from storage. They mirror the TypeScript contracts of @forge/provider and
// @forge/program field for field.

const recordSchema = z.record(z.string(), z.unknown());

/** A tool call inside an assistant message. */
export const toolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

/** One message of a module invocation (user, assistant or tool). */
export const messageSchema = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('user'), content: z.string() }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.string(),
    toolCalls: z.array(toolCallSchema).optional(),
    reasoning: z.string().optional(),
  }),
  z.strictObject({
    role: z.literal('tool'),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.string(),
    isError: z.boolean().optional(),
  }),
]);

/** One module invocation of a program trace. */
export const traceEntrySchema = z.strictObject({
  module: z.string().min(1),
  messages: z.array(messageSchema),
  output: recordSchema.optional(),
  notes: z.array(z.string()).optional(),
});

/** A task instance. */
export const instanceSchema = z.strictObject({
  id: z.string().min(1),
  input: recordSchema,
  gold: recordSchema,
  metadata: recordSchema.optional(),
});

/** An observation as saved (see `Observation`). */
export const observationSchema = z.strictObject({
  id: z.string().min(1),
  step: z.number().int().min(0),
  parentIndex: z.number().int().min(0),
  instance: instanceSchema,
  score: z
    .number()
    .min(0)
    .lt(1, 'an observation is an imperfect evaluation: score must be below 1'),
  trace: z.array(traceEntrySchema),
  feedback: z.string().optional(),
  moduleFeedback: z.record(z.string(), z.string()).optional(),
  output: recordSchema.optional(),
});
