import { DatasetError, readJsonl, type SourcedRecord } from '@forge/program';
import { buildInstruction } from '../scoring/build-instruction.js';
import { type IfbenchRecord, ifbenchRecordSchema } from './ifbench-record.js';

/**
 * Checks that every constraint of a row builds a checker; otherwise a DatasetError names the
 * file, line and `kwargs.<index>`.
 */
export function assertConstraintsBuild(file: string, record: SourcedRecord<IfbenchRecord>): void {
  record.value.instruction_id_list.forEach((id, index) => {
    try {
      buildInstruction(id, record.value.kwargs[index]);
    } catch (error) {
      throw new DatasetError({
        file,
        line: record.line,
        field: `kwargs.${index}`,
        message: (error as Error).message,
        cause: error,
      });
    }
  });
}

/** Options of `readIfbenchFile`. */
export interface ReadIfbenchFileOptions {
  /** Also build every row's checkers (default true); off when only some rows will be used. */
  readonly checkConstraints?: boolean;
}

/**
 * Reads an IFBench JSONL file; by default also checks that every constraint builds a checker,
 * so a bad row fails at load time with its file, line and field instead of during a run.
 *
 * @throws DatasetError
 */
export async function readIfbenchFile(
  file: string,
  options: ReadIfbenchFileOptions = {},
): Promise<SourcedRecord<IfbenchRecord>[]> {
  const records = await readJsonl(file, ifbenchRecordSchema);
  if (options.checkConstraints ?? true) {
    for (const record of records) assertConstraintsBuild(file, record);
  }
  return records;
}
