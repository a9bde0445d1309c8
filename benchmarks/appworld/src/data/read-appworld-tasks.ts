import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DatasetError, type Instance, validate } from '@forge/program';
import { z } from 'zod';
import { supervisorSchema } from '../client/wire-schemas.js';
import { installHint } from './appworld-root.js';

/** The dataset files of the paper's splits (Table 5), with their official sizes. */
export const appworldDatasets = [
  { split: 'train', file: 'train', expected: 90 },
  { split: 'validation', file: 'dev', expected: 57 },
  { split: 'test', file: 'test_normal', expected: 168 },
] as const;

/** `tasks/<task_id>/specs.json` (older data names the supervisor `main_user`). */
export const taskSpecsSchema = z
  .object({
    instruction: z.string().min(1),
    supervisor: supervisorSchema.optional(),
    main_user: supervisorSchema.optional(),
    datetime: z.string().min(1),
  })
  .refine((specs) => specs.supervisor !== undefined || specs.main_user !== undefined, {
    message: 'needs a supervisor object (first_name, last_name, email, phone_number)',
    path: ['supervisor'],
  });

const testDataSchema = z.array(z.looseObject({ requirement: z.string() }));
const metadataSchema = z.looseObject({ difficulty: z.number().int().optional() });

// Task ids name directories; anything that could step outside `tasks/` is refused.
const taskIdPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** One line of a dataset file. */
export interface DatasetLine {
  /** The task id (without an optional `:tag` suffix, as AppWorld's `load_task_ids` strips it). */
  readonly taskId: string;
  /** 1-based line number. */
  readonly line: number;
}

/**
 * Reads `datasets/<name>.txt`: one task id per line, blank lines skipped, in stored order.
 * @throws DatasetError naming the file and line of a missing file, a bad id or a repeated id.
 */
export async function readDataset(data: string, name: string): Promise<DatasetLine[]> {
  const file = join(data, 'datasets', `${name}.txt`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DatasetError({
      file,
      message: `cannot read the dataset file. ${installHint}`,
      cause: error,
    });
  }
  const lines: DatasetLine[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split('\n').entries()) {
    const entry = raw.trim();
    if (entry === '') continue;
    const taskId = entry.split(':')[0]?.trim() ?? '';
    if (!taskIdPattern.test(taskId)) {
      throw new DatasetError({
        file,
        line: index + 1,
        field: 'task_id',
        message: `"${entry}" is not a task id`,
      });
    }
    if (seen.has(taskId)) {
      throw new DatasetError({
        file,
        line: index + 1,
        field: 'task_id',
        message: `task ${taskId} is listed twice`,
      });
    }
    seen.add(taskId);
    lines.push({ taskId, line: index + 1 });
  }
  return lines;
}

/**
 * The instance of one listed task, from `tasks/<id>/specs.json`. For training and validation
 * tasks the requirements come from `ground_truth/test_data.json` when it is there (they are
 * informative only: the environment scores); test tasks' ground truth is never read.
 * @throws DatasetError naming the specs file and field, or the dataset line of a missing task.
 */
export async function readTaskInstance(
  data: string,
  dataset: string,
  entry: DatasetLine,
  options: { readonly readGroundTruth: boolean },
): Promise<Instance> {
  const directory = join(data, 'tasks', entry.taskId);
  const specsFile = join(directory, 'specs.json');
  let text: string;
  try {
    text = await readFile(specsFile, 'utf8');
  } catch (error) {
    throw new DatasetError({
      file: join(data, 'datasets', `${dataset}.txt`),
      line: entry.line,
      field: 'task_id',
      message: `task ${entry.taskId} has no readable ${relative(data, specsFile)}. ${installHint}`,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DatasetError({
      file: specsFile,
      message: `not valid JSON (${(error as Error).message})`,
    });
  }
  const specs = validate(taskSpecsSchema, value, specsFile, 1);
  const requirements = options.readGroundTruth
    ? await readOptional(join(directory, 'ground_truth', 'test_data.json'), testDataSchema)
    : undefined;
  const metadata = options.readGroundTruth
    ? await readOptional(join(directory, 'ground_truth', 'metadata.json'), metadataSchema)
    : undefined;
  return {
    id: entry.taskId,
    input: { task_id: entry.taskId, instruction: specs.instruction },
    gold: { requirements: requirements?.map((test) => test.requirement) ?? [] },
    metadata: {
      source: `data/datasets/${dataset}.txt`,
      line: entry.line,
      datetime: specs.datetime,
      ...(metadata?.difficulty === undefined ? {} : { difficulty: metadata.difficulty }),
      ...(requirements === undefined ? { requirementsKnown: false } : {}),
    },
  };
}

// Ground truth is optional and informative: a file that is absent or in an unknown layout
// (another AppWorld data version) leaves the field empty instead of failing the load.
async function readOptional<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
