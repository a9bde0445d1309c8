import type { SuiteCell, SuiteCellResult } from '@forge/suite';
import { parseSuiteResults, suiteResultsFormatVersion } from '@forge/suite';
import { z } from 'zod';
import { SuiteQueueError } from './queue-error.js';

/** What the queue keeps of a suite: enough for any worker to run any of its cells. */
export interface SuiteRecord {
  /** Layout version. */
  readonly formatVersion: 1;
  /** The suite's key on the queue (`suiteKeyOf`). */
  readonly key: string;
  /** The suite directory, the same path on every worker (a shared filesystem). */
  readonly dir: string;
  /** The suite's name. */
  readonly name: string;
  /** Digest of its deciding config; a worker refuses a `suite.json` with another. */
  readonly digest: string;
  /** The cells this suite runs, dependencies first. */
  readonly cells: readonly SuiteCell[];
}

/** The data of a cell's job. */
export interface CellJobData {
  /** The suite's key. */
  readonly suiteKey: string;
  /** The cell's id. */
  readonly cellId: string;
}

const cellSchema = z.object({
  id: z.string().min(1),
  benchmark: z.string(),
  method: z.string(),
  taskModel: z.string(),
  optimizerModel: z.string(),
  seed: z.number().int(),
  arm: z.enum(['original', 'augmented']),
  role: z.enum(['reference', 'aligned', 'control']),
  row: z.string(),
  dependsOn: z.array(z.string()),
  ceilingFrom: z.string().nullable(),
  trainingFrom: z.string().nullable(),
});

const recordSchema = z.object({
  formatVersion: z.literal(1),
  key: z.string().min(1),
  dir: z.string().min(1),
  name: z.string(),
  digest: z.string().min(1),
  cells: z.array(cellSchema),
});

const jobSchema = z.object({ suiteKey: z.string().min(1), cellId: z.string().min(1) });

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
      message: `${queue}: a job is not a Forge cell (${parsed.error.issues[0]?.message ?? 'bad data'}); was another program's job put on this queue?`,
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
    try {
      cells.push(JSON.parse(text));
    } catch (error) {
      throw new SuiteQueueError({
        reason: 'bad-record',
        queue,
        message: `${queue}: the result of cell ${id} is not JSON`,
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
      message: `${queue}: ${what}, field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`,
    });
  }
  return parsed.data;
}
