import { dirname } from 'node:path';
import {
  checkPinnedFiles,
  type DataReport,
  type PinnedDataFile,
  type PullDataOptions,
  pullPinnedFiles,
} from '@forge/program';
import { lawbenchSplitFiles, loadLawbenchSplit } from './lawbench-records.js';

/**
 * The commit of stanford-iris-lab/meta-harness whose crime-prediction files this benchmark reads
 * (the same commit FiNER's files are pinned to; each benchmark pins its own source).
 */
export const lawbenchDataCommit = '95175f70c758dd1145b395edfe8b67e6f9d80fbd';

const base = `https://raw.githubusercontent.com/stanford-iris-lab/meta-harness/${lawbenchDataCommit}/reference_examples/text_classification/data/crime_prediction`;

function splitFile(
  split: keyof typeof lawbenchSplitFiles,
  expected: number,
  sha256: string,
): PinnedDataFile {
  const path = lawbenchSplitFiles[split];
  return {
    path,
    url: `${base}/${path}`,
    expected,
    sha256,
    validate: async (file) => (await loadLawbenchSplit(dirname(file), split)).length,
  };
}

/** The files `forge data pull lawbench` writes, with their sources, counts and checksums. */
export const lawbenchDataFiles: readonly PinnedDataFile[] = [
  splitFile('train', 200, '36ead48b5e88e02f6bf5944d1c00c561f6592e5573f9ecf05c23affc111c386c'),
  splitFile('validation', 50, 'c5d900d64a7be5359579e4c2fc0b499f18ebbe9a96fee1ff43879d511bc992ea'),
  splitFile('test', 100, 'a08a9aba4da6814fc0efdfc713814a2562f4ce1d174981d8d5823a126b99f6dc'),
];

/** Downloads the Meta-Harness crime-prediction files (200/50/100) and checks them. */
export function pullData(options: PullDataOptions): Promise<DataReport> {
  return pullPinnedFiles('lawbench', lawbenchDataFiles, options);
}

/** Validates the LawBench files in `dataDir` without downloading anything. */
export function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  return checkPinnedFiles('lawbench', lawbenchDataFiles, options.dataDir);
}
