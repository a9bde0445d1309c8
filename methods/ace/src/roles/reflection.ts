import { readModelAnswer, type UnusableAnswerReason } from '@forge/program';
import { z } from 'zod';
import type { BulletTag } from '../playbook/apply-bullet-tags.js';
import { answerProblem } from './answer-problem.js';
import { extractJsonObject } from './extract-json-object.js';

/** The reflector's answer (the reference's reflection JSON). */
export interface Reflection {
  /** Its chain of thought. */
  readonly reasoning: string;
  /** What went wrong (or right). */
  readonly errorIdentification: string;
  /** Why. */
  readonly rootCauseAnalysis: string;
  /** What the program should have done. */
  readonly correctApproach: string;
  /** The reusable lesson. */
  readonly keyInsight: string;
  /** Its judgement of the bullets the program was shown. */
  readonly bulletTags: readonly BulletTag[];
}

/** A parsed reflection, or why the answer could not be read. */
export type ReflectionParse =
  | {
      readonly ok: true;
      readonly reflection: Reflection;
      /** Tag entries dropped because they were not `{ "id", "tag" }` with a known tag. */
      readonly invalidTags: number;
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** The kind of problem: `truncated`, `empty`, `invalid-json` or `invalid-answer`. */
      readonly code: UnusableAnswerReason;
    };

const text = z.string().optional();
const schema = z.object({
  reasoning: text,
  error_identification: text,
  root_cause_analysis: text,
  correct_approach: text,
  key_insight: text,
  bullet_tags: z.array(z.unknown()).optional(),
});
const tagSchema = z.union([
  z.object({ id: z.string().min(1), tag: z.string() }),
  z.object({ bullet_id: z.string().min(1), tag: z.string() }),
]);
const tags = new Set(['helpful', 'harmful', 'neutral']);

/**
 * Reads a reflector answer: one JSON object (bare, fenced or inside prose) with string fields
 * and `bullet_tags`. A field of the wrong type, or an object with none of the diagnosis fields,
 * is malformed; a bad tag entry is dropped and counted, the rest of the reflection kept.
 */
export function parseReflection(answer: string, finishReason?: string): ReflectionParse {
  const read = readModelAnswer(answer, finishReason);
  if (!read.ok) return { ok: false, code: read.reason, reason: answerProblem(read.reason) };
  const found = extractJsonObject(read.text);
  if (!found.ok) return { ...found, code: 'invalid-json' };
  const parsed = schema.safeParse(found.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: 'invalid-answer',
      reason: `${issue?.path.join('.') || 'reflection'}: ${issue?.message}`,
    };
  }
  const value = parsed.data;
  const diagnosis = [
    value.error_identification,
    value.root_cause_analysis,
    value.correct_approach,
    value.key_insight,
  ];
  if (diagnosis.every((field) => field === undefined || field.trim() === '')) {
    return {
      ok: false,
      code: 'invalid-answer',
      reason: 'the reflection has none of its diagnosis fields',
    };
  }
  const bulletTags: BulletTag[] = [];
  let invalidTags = 0;
  for (const entry of value.bullet_tags ?? []) {
    const tag = tagSchema.safeParse(entry);
    const name = tag.success ? tag.data.tag.trim().toLowerCase() : '';
    if (!tag.success || !tags.has(name)) {
      invalidTags += 1;
      continue;
    }
    const id = 'id' in tag.data ? tag.data.id : tag.data.bullet_id;
    bulletTags.push({ id: id.trim(), tag: name as BulletTag['tag'] });
  }
  return {
    ok: true,
    invalidTags,
    reflection: {
      reasoning: value.reasoning?.trim() ?? '',
      errorIdentification: value.error_identification?.trim() ?? '',
      rootCauseAnalysis: value.root_cause_analysis?.trim() ?? '',
      correctApproach: value.correct_approach?.trim() ?? '',
      keyInsight: value.key_insight?.trim() ?? '',
      bulletTags,
    },
  };
}

/**
 * A reflection as Markdown (level-2 sections), for the curator and for the regenerating program.
 * The reasoning is left out; the tags only when asked (the curator sees them, the program not).
 */
export function renderReflection(reflection: Reflection, options: { tags?: boolean } = {}): string {
  const parts: string[] = [];
  const section = (heading: string, body: string) => {
    if (body !== '') parts.push(`## ${heading}\n\n${body}`);
  };
  section('Error Identification', reflection.errorIdentification);
  section('Root Cause Analysis', reflection.rootCauseAnalysis);
  section('Correct Approach', reflection.correctApproach);
  section('Key Insight', reflection.keyInsight);
  if (options.tags) {
    section(
      'Bullet Tags',
      reflection.bulletTags.length === 0
        ? '(none)'
        : reflection.bulletTags.map((tag) => `- [${tag.id}] ${tag.tag}`).join('\n'),
    );
  }
  return parts.join('\n\n');
}
