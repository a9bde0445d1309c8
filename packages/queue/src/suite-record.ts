import { isAbsolute, normalize, sep } from 'node:path';
import { jsonTextBeyondDepth, maxResponseDepth } from '@forge/provider';
import type { SuiteCell, SuiteCellResult } from '@forge/suite';
import { parseSuiteResults, quoteUntrusted, suiteResultsFormatVersion } from '@forge/suite';
import { z } from 'zod';
import { SuiteQueueError } from './queue-error.js';
import { unsafeCellIdReason } from './safe-cell-id.js';

/** What the queue keeps of a suite: enough for any worker to run any of its cells. */
export interface SuiteRecord {
  /** Layout version. */
  readonly formatVersion: 1;
  /** The suite's key on the queue (`suiteKeyOf`). */
  readonly key: string;
  /**
   * The suite directory, the same path on every worker (a shared filesystem): absolute and
   * normalized. A worker runs it only when it is one of its `suiteDirs`.
   */
  readonly dir: string;
  /** The suite's name. */
  readonly name: string;
  /** Digest of its deciding config; a worker refuses it unless its own `suite.json` has it. */
  readonly digest: string;
  /** The cells this suite runs, dependencies first. */
  readonly cells: readonly SuiteCell[];
  /**
   * Run a row's aligned cells when a cap stopped its reference (the suite's
   * `alignment.allowTruncatedCeilings`); absent or false: they are refused.
   */
  readonly allowTruncatedCeilings?: boolean;
}

/** The data of a cell's job. */
export interface CellJobData {
  /** The suite's key. */
  readonly suiteKey: string;
  /** The cell's id. */
  readonly cellId: string;
}

// Everything here is read from Redis, which anyone who can write to it controls: ids must be
// safe relative paths, the directory a plain absolute path, every string bounded.
const cellIdSchema = z.string().superRefine((id, context) => {
  const reason = unsafeCellIdReason(id);
  if (reason !== undefined)
    context.addIssue({ code: 'custom', message: `not a safe cell id: ${reason}` });
});
const labelSchema = z.string().max(1024);

const suiteDirSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((dir) => !/\p{Cc}/u.test(dir), 'holds a control character')
  .refine((dir) => isAbsolute(dir) && normalize(dir) === dir && !dir.endsWith(sep), {
    message: 'not an absolute, normalized directory path',
  });

/** A suite's key (`suiteKeyOf`): 16 hexadecimal digits. */
export const suiteKeySchema = z.string().regex(/^[0-9a-f]{16}$/, 'not a suite key (16 hex digits)');

const cellSchema = z.object({
  id: cellIdSchema,
  benchmark: labelSchema,
  method: labelSchema,
  taskModel: labelSchema,
  optimizerModel: labelSchema,
  seed: z.number().int(),
  arm: z.enum(['original', 'augmented']),
  role: z.enum(['reference', 'aligned', 'control']),
  row: labelSchema,
  dependsOn: z.array(cellIdSchema).max(10_000),
  ceilingFrom: cellIdSchema.nullable(),
  trainingFrom: cellIdSchema.nullable(),
});

const recordSchema = z.object({
  formatVersion: z.literal(1),
  key: suiteKeySchema,
  dir: suiteDirSchema,
  name: labelSchema,
  digest: z.string().min(1).max(256),
  cells: z.array(cellSchema).max(100_000),
  allowTruncatedCeilings: z.boolean().optional(),
});

const jobSchema = z.object({ suiteKey: suiteKeySchema, cellId: cellIdSchema });

/** Reads a suite record from its JSON text. @throws SuiteQueueError (`bad-record`). */
export function parseSuiteRecord(text: string, queue: string): SuiteRecord {
  return parseWith(recordSchema, text, queue, 'the suite record') as SuiteRecord;
}

/** Reads a cell job's data. @throws SuiteQueueError (`bad-record`). */
export function parseCellJobData(value: unknown, queue: string): CellJobData {
  const parsed = jobSchema.safeParse(value);
  if (!parsed.success) {
    throw new SuiteQueueError({
      reason: 'bad-record',
      queue,
      message: `${queue}: a job is not a Forge cell (${fieldOf(parsed.error.issues[0])}); was another program's job put on this queue?`,
    });
  }
  return parsed.data;
}

/**
 * Reads the results hash of a suite (cell id → result JSON), validating every result with the
 * suite's own `results.json` rules. @throws SuiteQueueError (`bad-record`) naming the cell.
 */
export function parseResultsHash(
  hash: Readonly<Record<string, string>>,
  suite: { readonly name: string; readonly digest: string },
  queue: string,
): Map<string, SuiteCellResult> {
  const cells: unknown[] = [];
  for (const [id, text] of Object.entries(hash)) {
    // Measured on the text, before anything walks it: a result thousands of levels deep would
    // overflow the stack of every reader after the parser.
    if (jsonTextBeyondDepth(text, maxResponseDepth)) {
      throw new SuiteQueueError({
        reason: 'bad-record',
        queue,
        message: `${queue}: the result of cell ${quoteUntrusted(id)} nests more than ${maxResponseDepth} levels deep (a cell's result nests a few); was it written by another program?`,
      });
    }
    try {
      cells.push(JSON.parse(text));
    } catch (error) {
      throw new SuiteQueueError({
        reason: 'bad-record',
        queue,
        message: `${queue}: the result of cell ${quoteUntrusted(id)} is not JSON`,
        cause: error,
      });
    }
  }
  const document = {
    formatVersion: suiteResultsFormatVersion,
    suite: { name: suite.name, digest: suite.digest },
    simulated: false,
    cells,
  };
  try {
    const parsed = parseSuiteResults(JSON.stringify(document), `${queue} (results)`);
    return new Map(parsed.cells.map((cell) => [cell.id, cell]));
  } catch (error) {
    throw new SuiteQueueError({
      reason: 'bad-record',
      queue,
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

function parseWith(schema: z.ZodType, text: string, queue: string, what: string): unknown {
  if (jsonTextBeyondDepth(text, maxResponseDepth)) {
    throw new SuiteQueueError({
      reason: 'bad-record',
      queue,
      message: `${queue}: ${what} nests more than ${maxResponseDepth} levels deep; was it written by another program?`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SuiteQueueError({
      reason: 'bad-record',
      queue,
      message: `${queue}: ${what} is not JSON`,
      cause: error,
    });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SuiteQueueError({
      reason: 'bad-record',
      queue,
      message: `${queue}: ${what}, ${fieldOf(issue)}`,
    });
  }
  return parsed.data;
}

function fieldOf(issue: z.core.$ZodIssue | undefined): string {
  return `field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`;
}
