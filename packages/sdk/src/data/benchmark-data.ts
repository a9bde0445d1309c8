import { join } from 'node:path';
import type { DataReport, PullDataOptions } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { benchmarkIds, loadBenchmarkPackage } from '../benchmarks/benchmark-registry.js';
import { importOptional } from '../optional/optional-package.js';

/** The Wikipedia-abstracts corpus that HotPotQA's and HoVer's BM25 retrieval reads. */
export const wikiCorpusId = 'wiki';

/** Ids `forge data pull` accepts: the benchmarks with data, and the wiki corpus. */
export function dataIds(): string[] {
  return [...benchmarkIds().filter((id) => id !== 'sim'), wikiCorpusId];
}

/** The default data directory of a benchmark (or of the corpus). */
export function defaultDataDir(id: string): string {
  return `data/${id}`;
}

// The corpus tools live in @forge/retrieval, an optional peer dependency (HotPotQA and HoVer
// depend on it themselves).
const loadRetrieval = () =>
  importOptional(
    {
      purpose: `the ${wikiCorpusId} corpus`,
      packageName: '@forge/retrieval',
      argument: 'benchmark',
    },
    () => import('@forge/retrieval'),
  );

/** Downloads a benchmark's official data (or the wiki corpus) and checks the counts. */
export async function pullBenchmarkData(
  id: string,
  options: Partial<PullDataOptions> = {},
): Promise<DataReport> {
  const pullOptions: PullDataOptions = {
    ...options,
    dataDir: options.dataDir ?? defaultDataDir(id),
  };
  if (id === wikiCorpusId) return (await loadRetrieval()).pullWikiAbstracts(pullOptions);
  const benchmarkPackage = await loadBenchmarkPackage(id);
  if (benchmarkPackage.pullData === undefined) {
    throw new InvalidArgumentError({
      argument: 'benchmark',
      message: `benchmark: ${id} has no data to download`,
    });
  }
  return benchmarkPackage.pullData(pullOptions);
}

/** Validates what is in a benchmark's data directory without downloading anything. */
export async function checkBenchmarkData(
  id: string,
  options: { dataDir?: string } = {},
): Promise<DataReport> {
  const dataDir = options.dataDir ?? defaultDataDir(id);
  if (id === wikiCorpusId) return (await loadRetrieval()).countWikiAbstracts(dataDir);
  const benchmarkPackage = await loadBenchmarkPackage(id);
  if (benchmarkPackage.checkData === undefined) {
    throw new InvalidArgumentError({
      argument: 'benchmark',
      message: `benchmark: ${id} has no data to check`,
    });
  }
  return benchmarkPackage.checkData({ dataDir });
}

/**
 * Builds the BM25 index of the wiki corpus (`forge data index wiki`), by default into
 * `<dataDir>/index`, which HotPotQA and HoVer read through `benchmarkSettings.bm25IndexDir`.
 * About 13 minutes and 0.8 GB of memory for the 5.2M-passage corpus.
 */
export async function indexWikiCorpus(
  options: { dataDir?: string; directory?: string; onProgress?: (passages: number) => void } = {},
): Promise<{ directory: string; passages: number }> {
  const dataDir = options.dataDir ?? defaultDataDir(wikiCorpusId);
  const directory = options.directory ?? join(dataDir, 'index');
  const { buildBm25Index, readWikiAbstracts, wikiAbstractsFile } = await loadRetrieval();
  const manifest = await buildBm25Index({
    passages: readWikiAbstracts(join(dataDir, wikiAbstractsFile)),
    directory,
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  return { directory, passages: manifest.documentCount };
}
