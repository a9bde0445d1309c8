import { readModelAnswer, type UnusableAnswerReason } from '@forge/program';
import { z } from 'zod';
import type { ParsedOperation } from '../playbook/curator-operation.js';
import { answerProblem } from './answer-problem.js';
import { extractJsonObject } from './extract-json-object.js';

/** A parsed curator answer, or why it could not be read. */
export type CurationParse =
  | {
      readonly ok: true;
      /** The curator's reasoning. */
      readonly reasoning: string;
      /** Its operations, in order; unreadable ones are `INVALID` entries, kept for counting. */
      readonly operations: readonly ParsedOperation[];
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** The kind of problem: `truncated`, `empty`, `invalid-json` or `invalid-answer`. */
      readonly code: UnusableAnswerReason;
    };

const answerSchema = z.object({
  reasoning: z.string().optional(),
  operations: z.array(z.unknown()),
});
const addSchema = z.object({
  section: z.string().min(1),
  content: z.string(),
  module: z.string().min(1).nullable().optional(),
});
const updateSchema = z.object({ bullet_id: z.string().min(1), content: z.string() });
const mergeSchema = z.object({
  source_ids: z.array(z.string().min(1)),
  content: z.string().optional(),
});
const deleteSchema = z.object({ bullet_id: z.string().min(1) });

/**
 * Reads a curator answer: one JSON object with `reasoning` and an `operations` list. An answer
 * without the list — prose, or a whole rewritten playbook — is malformed: ACE changes the
 * playbook only through delta operations. Each operation is read on its own; one that is not
 * ADD, UPDATE, MERGE or DELETE in the documented shape becomes an INVALID entry.
 */
export function parseCuration(answer: string, finishReason?: string): CurationParse {
  const read = readModelAnswer(answer, finishReason);
  if (!read.ok) return { ok: false, code: read.reason, reason: answerProblem(read.reason) };
  const found = extractJsonObject(read.text);
  if (!found.ok) return { ...found, code: 'invalid-json' };
  const parsed = answerSchema.safeParse(found.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: 'invalid-answer',
      reason:
        issue?.path[0] === 'operations'
          ? `operations: ${issue.code === 'invalid_type' && found.value['operations'] === undefined ? 'the answer has no operations list' : issue.message}`
          : `${issue?.path.join('.') || 'answer'}: ${issue?.message}`,
    };
  }
  return {
    ok: true,
    reasoning: parsed.data.reasoning?.trim() ?? '',
    operations: parsed.data.operations.map(readOperation),
  };
}

function readOperation(raw: unknown): ParsedOperation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return invalid(undefined, 'invalid-operation', 'an operation must be a JSON object');
  }
  const record = raw as Record<string, unknown>;
  if (typeof record['type'] !== 'string') {
    return invalid(undefined, 'invalid-operation', 'the operation has no type');
  }
  const type = record['type'].trim().toUpperCase();
  const shape = (schema: z.ZodType) => {
    const result = schema.safeParse(record);
    if (result.success) return { ok: true as const, data: result.data };
    const issue = result.error.issues[0];
    return { ok: false as const, detail: `${issue?.path.join('.')}: ${issue?.message}` };
  };
  switch (type) {
    case 'ADD': {
      const read = shape(addSchema);
      if (!read.ok) return invalid(type, 'invalid-operation', read.detail);
      const data = read.data as z.infer<typeof addSchema>;
      return {
        type,
        section: data.section.trim(),
        content: data.content,
        module: data.module ?? null,
      };
    }
    case 'UPDATE': {
      const read = shape(updateSchema);
      if (!read.ok) return invalid(type, 'invalid-operation', read.detail);
      const data = read.data as z.infer<typeof updateSchema>;
      return { type, bulletId: data.bullet_id.trim(), content: data.content };
    }
    case 'MERGE': {
      const read = shape(mergeSchema);
      if (!read.ok) return invalid(type, 'invalid-operation', read.detail);
      const data = read.data as z.infer<typeof mergeSchema>;
      return { type, sourceIds: data.source_ids.map((id) => id.trim()), content: data.content };
    }
    case 'DELETE': {
      const read = shape(deleteSchema);
      if (!read.ok) return invalid(type, 'invalid-operation', read.detail);
      return { type, bulletId: (read.data as z.infer<typeof deleteSchema>).bullet_id.trim() };
    }
    default:
      return invalid(
        type,
        'unsupported-operation',
        `ACE applies ADD, UPDATE, MERGE and DELETE, not ${type}`,
      );
  }
}

function invalid(
  named: string | undefined,
  reason: 'unsupported-operation' | 'invalid-operation',
  detail: string,
): ParsedOperation {
  return { type: 'INVALID', named, reason, detail };
}
