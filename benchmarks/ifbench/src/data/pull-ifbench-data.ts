import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DataFileReport,
  type DataReport,
  downloadFile,
  type PullDataOptions,
} from '@forge/program';
import { checkIfbenchFile } from './check-ifbench-data.js';
import { gitBlobSha1 } from './git-blob-sha1.js';
import { IFBENCH_FILES, type IfbenchDataFile } from './ifbench-files.js';

async function pullFile(options: PullDataOptions, file: IfbenchDataFile): Promise<DataFileReport> {
  const destination = join(options.dataDir, file.path);
  options.onProgress?.(`ifbench: downloading ${file.path}`);
  try {
    await downloadFile({
      url: file.url,
      destination,
      ...(options.mirror === undefined ? {} : { mirror: options.mirror }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(file.sha256 === undefined ? {} : { sha256: file.sha256 }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
  } catch (error) {
    return {
      path: file.path,
      records: 0,
      expected: file.records,
      ok: false,
      message: (error as Error).message,
    };
  }
  if (
    file.gitBlobSha1 !== undefined &&
    gitBlobSha1(await readFile(destination)) !== file.gitBlobSha1
  ) {
    // A file that is not the pinned one must not be left where loadSplits would read it.
    await rm(destination, { force: true });
    return {
      path: file.path,
      records: 0,
      expected: file.records,
      ok: false,
      message: `downloaded content differs from the pinned file (git blob ${file.gitBlobSha1}); removed`,
    };
  }
  return checkIfbenchFile(options.dataDir, file);
}

/**
 * Downloads the IFBench test file and the GEPA training file into `dataDir`, verifies them
 * against their pinned versions and checks their record counts. Failures are reported per file.
 */
export async function pullIfbenchData(
  options: PullDataOptions,
  files: readonly IfbenchDataFile[] = IFBENCH_FILES,
): Promise<DataReport> {
  const reports: DataFileReport[] = [];
  for (const file of files) reports.push(await pullFile(options, file));
  return {
    benchmark: 'ifbench',
    dataDir: options.dataDir,
    files: reports,
    ok: reports.every((report) => report.ok),
  };
}
