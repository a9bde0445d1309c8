import type { DataReport, PullDataOptions } from '@forge/program';
import { checkHubData, type HubDataFile, pullHubData } from '@forge/program';
import {
  aime2025FileName,
  aime2025RowSchema,
  aimoFileName,
  aimoRowSchema,
} from './aime-records.js';

/** The files `forge data pull aime` writes, with their sources and official counts. */
export const aimeDataFiles: readonly HubDataFile[] = [
  {
    name: aimoFileName,
    source: { dataset: 'AI-MO/aimo-validation-aime', config: 'default', split: 'train' },
    expected: 90,
    schema: aimoRowSchema,
  },
  {
    name: aime2025FileName,
    source: { dataset: 'MathArena/aime_2025', config: 'default', split: 'train' },
    expected: 30,
    schema: aime2025RowSchema,
  },
];

/** Downloads both AIME splits from the Hugging Face dataset viewer and checks their counts. */
export function pullData(options: PullDataOptions): Promise<DataReport> {
  return pullHubData('aime', aimeDataFiles, options);
}

/** Validates the AIME files in `dataDir` (90 + 30 rows) without downloading anything. */
export function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  return checkHubData('aime', aimeDataFiles, options.dataDir);
}
