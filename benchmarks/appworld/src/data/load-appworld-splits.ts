import type { Instance, Splits } from '@forge/program';
import type { AppWorldRoot } from './appworld-root.js';
import { appworldDatasets, readDataset, readTaskInstance } from './read-appworld-tasks.js';

/**
 * The paper's splits (Table 5): the complete `train`, `dev` (validation) and `test_normal` task
 * lists, in their stored order, without difficulty filtering. Sizes are whatever the files hold
 * (90, 57 and 168 in AppWorld's release; `forge data check appworld` compares).
 * @throws DatasetError naming the file, line and field of the first problem.
 */
export async function loadAppWorldSplits(root: AppWorldRoot): Promise<Splits> {
  const splits: Record<string, Instance[]> = {};
  for (const dataset of appworldDatasets) {
    const instances: Instance[] = [];
    for (const entry of await readDataset(root.data, dataset.file)) {
      instances.push(
        await readTaskInstance(root.data, dataset.file, entry, {
          readGroundTruth: dataset.split !== 'test',
        }),
      );
    }
    splits[dataset.split] = instances;
  }
  return {
    train: splits['train'] ?? [],
    validation: splits['validation'] ?? [],
    test: splits['test'] ?? [],
  };
}
