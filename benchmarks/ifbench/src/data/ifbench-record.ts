import { z } from 'zod';

/**
 * One row of the official IFBench JSONL (test file) or of the GEPA artifact's training file:
 * the prompt and its constraints. The test rows carry every kwarg name with null for unused
 * ones and a string `key`; the training rows carry only the used kwargs, an integer `key` and
 * a duplicate `instruction_id` list.
 */
export const ifbenchRecordSchema = z
  .object({
    key: z.union([z.string(), z.number()]),
    prompt: z.string(),
    instruction_id_list: z.array(z.string()).min(1),
    kwargs: z.array(z.record(z.string(), z.unknown())),
  })
  .refine((record) => record.kwargs.length === record.instruction_id_list.length, {
    message: 'kwargs must have one object per instruction id',
    path: ['kwargs'],
  });

/** A validated IFBench row. */
export type IfbenchRecord = z.infer<typeof ifbenchRecordSchema>;
