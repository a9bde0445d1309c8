import { ForgeError } from '@forge/provider';

const name = 'DataCheckError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** How many problems the message of a `DataCheckError` lists; `problems` holds them all. */
export const listedDataProblems = 20;

/** One way one instance of a split does not fit the program's schemas. */
export interface DataProblem {
  /** The split: `train`, `validation` or `test` (or the name of the array given). */
  readonly split: string;
  /** The instance's 0-based position in that split. */
  readonly index: number;
  /** The instance's id (empty when it has none). */
  readonly id: string;
  /** The file the instance was read from, when its loader recorded it (`metadata.file`). */
  readonly file?: string;
  /** The 1-based line (or record number) in that file (`metadata.line`). */
  readonly line?: number;
  /** Where in the instance, as a dotted path: `gold.team`, `input.items.2`. */
  readonly path: string;
  /** What is wrong, in the schema library's words. */
  readonly message: string;
}

/**
 * Instances that do not fit the program's input and gold schemas, found before any model was
 * called. `problems` lists every one (split, index, id, file and line when known, field path);
 * the message lists the first `listedDataProblems` of them and counts the rest.
 */
export class DataCheckError extends ForgeError {
  protected readonly [symbol] = true;
  /** Every problem found, in split order and then instance order. */
  readonly problems: readonly DataProblem[];

  constructor(options: { problems: readonly DataProblem[]; subject?: string }) {
    super({ name, message: dataCheckMessage(options.problems, options.subject) });
    this.problems = options.problems;
  }

  static override isInstance(error: unknown): error is DataCheckError {
    return ForgeError.isInstance(error) && Symbol.for(marker) in error;
  }
}

/** Where a problem is, for a person: `train[3] (id "t-3", tickets.jsonl line 4)`. */
export function dataProblemPlace(problem: DataProblem): string {
  const source =
    problem.file === undefined
      ? ''
      : `, ${problem.file}${problem.line === undefined ? '' : ` line ${problem.line}`}`;
  const id = problem.id === '' ? 'no id' : `id ${JSON.stringify(problem.id)}`;
  return `${problem.split}[${problem.index}] (${id}${source})`;
}

function dataCheckMessage(problems: readonly DataProblem[], subject = 'the data'): string {
  const instances = new Set(problems.map((problem) => `${problem.split}[${problem.index}]`)).size;
  const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;
  const lines = problems
    .slice(0, listedDataProblems)
    .map((problem) => `  ${dataProblemPlace(problem)}: ${problem.path}: ${problem.message}`);
  const rest = problems.length - lines.length;
  return [
    `${subject} does not fit the program's schemas: ${count(problems.length, 'problem')} in ${count(instances, 'instance')} (checked before any model call; fix or remove them)`,
    ...lines,
    ...(rest > 0 ? [`  … and ${count(rest, 'more problem')}`] : []),
  ].join('\n');
}
