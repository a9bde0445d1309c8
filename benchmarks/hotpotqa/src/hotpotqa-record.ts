import { validate } from '@forge/program';
import { formatPassage } from '@forge/retrieval';
import { z } from 'zod';

/** A record of the official HotPotQA JSON (`hotpot_train_v1.1.json`, …). */
const officialRecordSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  supporting_facts: z.array(z.tuple([z.string(), z.number().int()])),
  context: z.array(z.tuple([z.string(), z.array(z.string())])),
  type: z.string().optional(),
  level: z.string().optional(),
});

/** A row of the Hugging Face `hotpotqa/hotpot_qa` export: the same data in columnar structs. */
const hubRecordSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  supporting_facts: z.object({ title: z.array(z.string()), sent_id: z.array(z.number().int()) }),
  context: z.object({ title: z.array(z.string()), sentences: z.array(z.array(z.string())) }),
  type: z.string().optional(),
  level: z.string().optional(),
});

type RawHotpotRecord = z.infer<typeof officialRecordSchema> | z.infer<typeof hubRecordSchema>;

/**
 * Validates one record, choosing the format by its id key (`_id` official, `id` hub export) so
 * that an error names the offending field rather than "no union member matched".
 *
 * @throws DatasetError naming the file, record and field.
 */
export function validateHotpotRecord(value: unknown, file: string, line: number): RawHotpotRecord {
  const isHub = typeof value === 'object' && value !== null && !('_id' in value) && 'id' in value;
  return isHub
    ? validate(hubRecordSchema, value, file, line)
    : validate(officialRecordSchema, value, file, line);
}

/** The fields of a HotPotQA record the benchmark keeps (the context is dropped after reading). */
export interface HotpotRecord {
  /** The record's `_id` (`id` in the hub export). */
  readonly id: string;
  /** The question. */
  readonly question: string;
  /** The gold answer. */
  readonly answer: string;
  /** Each supporting fact as `"Title | sentence"` (just the title when the sentence is missing). */
  readonly supportingFacts: readonly string[];
  /** `bridge` or `comparison`. */
  readonly type?: string;
  /** `easy`, `medium` or `hard`. */
  readonly level?: string;
}

/**
 * Reduces a validated record of either format to what the benchmark keeps. Supporting facts
 * become `"Title | sentence"` strings from the record's own context (whitespace trimmed, since
 * HotPotQA sentences after the first start with a space); a fact whose sentence is not in the
 * context (the training set has a few) keeps only its title.
 */
export function toHotpotRecord(record: RawHotpotRecord): HotpotRecord {
  const sentencesByTitle = new Map<string, readonly string[]>();
  const facts: [string, number][] = [];
  let id: string;
  if ('_id' in record) {
    id = record._id;
    for (const [title, sentences] of record.context) sentencesByTitle.set(title, sentences);
    facts.push(...record.supporting_facts);
  } else {
    id = record.id;
    record.context.title.forEach((title, index) => {
      sentencesByTitle.set(title, record.context.sentences[index] ?? []);
    });
    record.supporting_facts.title.forEach((title, index) => {
      facts.push([title, record.supporting_facts.sent_id[index] ?? -1]);
    });
  }
  const supportingFacts = facts.map(([title, sentence]) => {
    const text = sentencesByTitle.get(title)?.[sentence];
    return text === undefined ? title : formatPassage(title, text.trim());
  });
  return {
    id,
    question: record.question,
    answer: record.answer,
    supportingFacts,
    ...(record.type === undefined ? {} : { type: record.type }),
    ...(record.level === undefined ? {} : { level: record.level }),
  };
}
