import { dirname } from 'node:path';
import type { DataReport, PullDataOptions } from '@forge/program';
import { checkPinnedFiles, type PinnedDataFile, pullPinnedFiles } from '@forge/program';
import { finerSplitFiles, loadFinerSplit } from './finer-records.js';

/** The Meta-Harness commit the FiNER files are pinned to. */
export const metaHarnessCommit = '95175f70c758dd1145b395edfe8b67e6f9d80fbd';

const base = `https://raw.githubusercontent.com/stanford-iris-lab/meta-harness/${metaHarnessCommit}/reference_examples/text_classification/data/finer`;

function splitFile(
  split: keyof typeof finerSplitFiles,
  expected: number,
  sha256: string,
): PinnedDataFile {
  const path = finerSplitFiles[split];
  return {
    path,
    url: `${base}/${path}`,
    expected,
    sha256,
    validate: async (file) => (await loadFinerSplit(dirname(file), split)).length,
  };
}

/** The files `forge data pull finer` writes, with their sources, counts and checksums. */
export const finerDataFiles: readonly PinnedDataFile[] = [
  splitFile('train', 200, 'ce4c8565c76f0ab388c180398d0d09192d1279c605a5d91e6ce522ec6a719d64'),
  splitFile('validation', 100, '6224de1f187387af4cbf06c62f9ffdc93b8b065ad076884f396fd7c519c4584e'),
  splitFile('test', 100, 'e4685e8017af80384749caa21854078adf6da0451b22af101b862be19bf33ddc'),
];

/** Downloads the Meta-Harness FiNER files (200/100/100) and checks them. */
export function pullData(options: PullDataOptions): Promise<DataReport> {
  return pullPinnedFiles('finer', finerDataFiles, options);
}

/** Validates the FiNER files in `dataDir` without downloading anything. */
export function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  return checkPinnedFiles('finer', finerDataFiles, options.dataDir);
}
