import type { Instance } from '@forge/program';
import type { IfbenchRecord } from '../data/ifbench-record.js';
import { dropNullKwargs } from '../scoring/build-instruction.js';

/** Turns a validated row into an instance: the prompt as input, the constraints as gold. */
export function recordToInstance(
  record: IfbenchRecord,
  id: string,
  metadata: Readonly<Record<string, unknown>>,
): Instance {
  const kwargs = record.instruction_id_list.map((instructionId, index) =>
    dropNullKwargs(instructionId, record.kwargs[index]),
  );
  return {
    id,
    input: { prompt: record.prompt },
    gold: { instruction_id_list: [...record.instruction_id_list], kwargs: JSON.stringify(kwargs) },
    metadata: { key: String(record.key), ...metadata },
  };
}
