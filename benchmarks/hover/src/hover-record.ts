import { validate } from '@forge/program';
import { z } from 'zod';

/** A record of the official HoVer release (`hover_train_release_v1.1.json`, …). */
const officialRecordSchema = z.object({
  uid: z.string(),
  claim: z.string(),
  supporting_facts: z.array(z.tuple([z.string(), z.number().int()])),
  label: z.enum(['SUPPORTED', 'NOT_SUPPORTED']),
  num_hops: z.number().int(),
  hpqa_id: z.string().optional(),
});

/** A row of the Hugging Face `hover` export: key/value facts and a class-label integer. */
const hubRecordSchema = z.object({
  uid: z.string(),
  claim: z.string(),
  supporting_facts: z.array(z.object({ key: z.string(), value: z.number().int() })),
  label: z.union([z.literal(0), z.literal(1)]),
  num_hops: z.number().int(),
  hpqa_id: z.string().optional(),
});

/** The fields of a HoVer claim the benchmark keeps. */
export interface HoverRecord {
  /** The claim's `uid`. */
  readonly uid: string;
  /** The claim. */
  readonly claim: string;
  /** Distinct supporting-document titles, in order of first mention. */
  readonly titles: readonly string[];
  /** `SUPPORTED` or `NOT_SUPPORTED` (not predicted, not scored). */
  readonly label: 'SUPPORTED' | 'NOT_SUPPORTED';
  /** The release's hop count (2, 3 or 4). */
  readonly hops: number;
  /** The HotPotQA question the claim was built from. */
  readonly hpqaId?: string;
}

/**
 * Validates one record (the official shape, or the hub shape when its facts are key/value
 * objects) and keeps what the benchmark needs.
 *
 * @throws DatasetError naming the file, record and field.
 */
export function toHoverRecord(value: unknown, file: string, line: number): HoverRecord {
  const facts = (value as { supporting_facts?: unknown } | null)?.supporting_facts;
  const isHub = Array.isArray(facts) && facts.length > 0 && !Array.isArray(facts[0]);
  if (isHub) {
    const record = validate(hubRecordSchema, value, file, line);
    return keep(
      record,
      record.supporting_facts.map((fact) => fact.key),
      record.label === 1 ? 'SUPPORTED' : 'NOT_SUPPORTED',
    );
  }
  const record = validate(officialRecordSchema, value, file, line);
  return keep(
    record,
    record.supporting_facts.map(([title]) => title),
    record.label,
  );
}

function keep(
  record: { uid: string; claim: string; num_hops: number; hpqa_id?: string | undefined },
  titles: string[],
  label: HoverRecord['label'],
): HoverRecord {
  return {
    uid: record.uid,
    claim: record.claim,
    titles: [...new Set(titles)],
    label,
    hops: record.num_hops,
    ...(record.hpqa_id === undefined ? {} : { hpqaId: record.hpqa_id }),
  };
}
