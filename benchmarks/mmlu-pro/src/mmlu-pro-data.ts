import type { DataReport, PullDataOptions } from '@forge/program';
import { checkHubData, type HubDataFile, pullHubData } from '@forge/program';
import { mmluProRowSchema, testFileName, validationFileName } from './mmlu-pro-records.js';

/** The files `forge data pull mmlu-pro` writes, with their sources and official counts. */
export const mmluProDataFiles: readonly HubDataFile[] = [
  {
    name: testFileName,
    source: { dataset: 'TIGER-Lab/MMLU-Pro', config: 'default', split: 'test' },
    expected: 12032,
    schema: mmluProRowSchema,
  },
  {
    name: validationFileName,
    source: { dataset: 'TIGER-Lab/MMLU-Pro', config: 'default', split: 'validation' },
    expected: 70,
    schema: mmluProRowSchema,
  },
];

/** Downloads both official splits from the Hugging Face dataset viewer and checks their counts. */
export function pullData(options: PullDataOptions): Promise<DataReport> {
  return pullHubData('mmlu-pro', mmluProDataFiles, options);
}

/** Validates the MMLU-Pro files in `dataDir` (12,032 + 70 rows) without downloading anything. */
export function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  return checkHubData('mmlu-pro', mmluProDataFiles, options.dataDir);
}
