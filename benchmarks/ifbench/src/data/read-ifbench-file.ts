import { DatasetError, readJsonl, type SourcedRecord } from '@forge/program';
import { buildInstruction } from '../scoring/build-instruction.js';
import { type IfbenchRecord, ifbenchRecordSchema } from './ifbench-record.js';

/**
 * Reads an IFBench JSONL file and checks that every constraint builds a checker, so a bad row
 * fails at load time with its file, line and field instead of during a run.
 *
 * @throws DatasetError
 */
export async function readIfbenchFile(file: string): Promise<SourcedRecord<IfbenchRecord>[]> {
  const records = await readJsonl(file, ifbenchRecordSchema);
  for (const { line, value } of records) {
    value.instruction_id_list.forEach((id, index) => {
      try {
        buildInstruction(id, value.kwargs[index]);
      } catch (error) {
        throw new DatasetError({
          file,
          line,
          field: `kwargs.${index}`,
          message: `${(error as Error).message}`,
          cause: error,
        });
      }
    });
  }
  return records;
}
