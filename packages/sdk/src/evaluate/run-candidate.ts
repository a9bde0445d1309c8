import type { MethodCandidate } from '@forge/method';
import type { Demonstrations } from '@forge/program';
import { type RunDatabase, readCheckpointRecords, readRunCandidates } from '@forge/store';

/** A run's candidate, as `evaluate` scores it. */
export interface RunCandidate extends MethodCandidate {
  /** Its index (0 is the seed). */
  readonly candidate: number;
}

interface RecordedCandidate {
  readonly candidate?: unknown;
  readonly validation?: unknown;
  readonly prompts?: unknown;
  readonly demos?: unknown;
}

/**
 * The candidate `which` of a run: from the candidates table of Forge's variants, or, for other
 * methods, from the `candidate` checkpoint records that hold prompts (and demonstrations).
 * `best` is the highest validation score, the earliest on ties.
 */
export function runCandidate(
  database: RunDatabase,
  which: number | 'best' | 'seed',
): RunCandidate | undefined {
  const index = which === 'seed' ? 0 : which;
  const candidates = readRunCandidates(database);
  // `best`: the highest validation score, the lowest index on ties (candidates come in index order).
  const forge =
    index === 'best'
      ? candidates.reduce<(typeof candidates)[number] | undefined>(
          (best, row) =>
            best === undefined || row.validationScore > best.validationScore ? row : best,
          undefined,
        )
      : candidates.find((row) => row.candidate === index);
  if (forge !== undefined) {
    return {
      candidate: forge.candidate,
      prompts: JSON.parse(forge.promptsJson) as Record<string, string>,
    };
  }
  const recorded = readCheckpointRecords(database, ['candidate'])
    .map((row) => JSON.parse(row.dataJson) as RecordedCandidate)
    .filter(
      (
        data,
      ): data is RecordedCandidate & {
        candidate: number;
        validation: number;
        prompts: Record<string, string>;
      } =>
        typeof data.candidate === 'number' &&
        typeof data.validation === 'number' &&
        typeof data.prompts === 'object' &&
        data.prompts !== null,
    );
  let chosen = index === 'best' ? recorded[0] : recorded.find((data) => data.candidate === index);
  if (index === 'best') {
    for (const data of recorded)
      if (chosen !== undefined && data.validation > chosen.validation) chosen = data;
  }
  if (chosen === undefined) return undefined;
  return {
    candidate: chosen.candidate,
    prompts: chosen.prompts,
    ...(typeof chosen.demos === 'object' && chosen.demos !== null
      ? { demos: chosen.demos as Demonstrations }
      : {}),
  };
}
