import type { DataFileReport, DataReport, PullDataOptions } from '@forge/program';
import { DatasetError } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { installHint, resolveAppWorldRoot } from './appworld-root.js';
import { appworldDatasets, readDataset, readTaskInstance } from './read-appworld-tasks.js';

/**
 * Validates the AppWorld data without downloading anything: each split's task list exists, every
 * listed task has a valid `specs.json`, no task is in two splits, and the counts match the
 * release (90 / 57 / 168). The data is found as `createBenchmark` finds it (`dataDir` when it
 * holds AppWorld data, else `APPWORLD_ROOT`).
 */
export async function checkData(
  options: { readonly dataDir: string },
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<DataReport> {
  const root = resolveAppWorldRoot({ dataDir: options.dataDir, environment });
  const data = root?.data ?? options.dataDir;
  const files: DataFileReport[] = [];
  const owner = new Map<string, string>();
  for (const dataset of appworldDatasets) {
    const path = `datasets/${dataset.file}.txt`;
    let records = 0;
    let message: string | undefined;
    try {
      const entries = await readDataset(data, dataset.file);
      records = entries.length;
      for (const entry of entries) {
        await readTaskInstance(data, dataset.file, entry, { readGroundTruth: false });
        const other = owner.get(entry.taskId);
        if (other !== undefined) {
          message = `line ${entry.line}: task ${entry.taskId} is also in ${other}`;
          break;
        }
        owner.set(entry.taskId, path);
      }
    } catch (error) {
      if (!DatasetError.isInstance(error)) throw error;
      message = error.message;
    }
    if (message === undefined && records !== dataset.expected) {
      message = `expected ${dataset.expected} tasks, found ${records}`;
    }
    files.push({
      path,
      records,
      expected: dataset.expected,
      ok: message === undefined,
      ...(message === undefined ? {} : { message }),
    });
  }
  return {
    benchmark: 'appworld',
    dataDir: data,
    files,
    ok: files.every((file) => file.ok),
  };
}

/**
 * AppWorld's data is distributed encrypted by its authors and unpacked by their own tool, so
 * Forge does not download it: this says how to.
 */
export async function pullData(_options: PullDataOptions): Promise<DataReport> {
  throw new InvalidArgumentError({
    argument: 'benchmark',
    message: `appworld: Forge does not download AppWorld's data (its licence allows redistribution only in encrypted form). ${installHint} Then run \`forge data check appworld\`.`,
  });
}
