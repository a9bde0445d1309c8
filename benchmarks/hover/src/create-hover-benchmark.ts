import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkPackage,
  DatasetError,
  type Instance,
  parseSplitSizes,
  type Splits,
} from '@forge/program';
import { createSearchFullWikiTool, resolveRetriever } from '@forge/retrieval';
import { checkData, hoverFiles, pullData } from './hover-data.js';
import { evaluateHover } from './hover-evaluate.js';
import { createHoverProgram } from './hover-program.js';
import type { HoverRecord } from './hover-record.js';
import { hoverSignature } from './hover-signature.js';
import { buildHoverSplits, type HoverSplitSizes, hoverSplitSizes } from './hover-splits.js';
import { loadHoverRecords } from './load-hover-records.js';

/**
 * Creates the HoVer benchmark. Settings: the retrieval backend (`retriever`, `colbertUrl`,
 * `colbertTimeoutMs` or `bm25IndexDir`, see `resolveRetriever`) and `splitSizes`
 * (`{ train, validation, test }`, default 100 each). Data: the official train and dev releases
 * (or `.jsonl` hub exports of the same names) in `dataDir`.
 */
export function createBenchmark(options: BenchmarkOptions): Benchmark {
  const retriever = resolveRetriever(options.settings, 'HoVer');
  const sizes = parseSplitSizes(options.settings?.['splitSizes'], 'HoVer', hoverSplitSizes);
  return {
    id: 'hover',
    title: 'HoVer',
    signature: hoverSignature,
    program: createHoverProgram(retriever),
    evaluate: evaluateHover,
    loadSplits: () => loadSplits(options.dataDir, sizes),
    synthesisTools: [createSearchFullWikiTool(retriever)],
    synthesis: { attempts: 25, epochs: 4, patience: 15 },
    testRepeats: 1,
  };
}

/** The package as the sdk and CLI load it. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };

async function loadSplits(dataDir: string | undefined, sizes: HoverSplitSizes): Promise<Splits> {
  const [trainFile, developmentFile] = hoverFiles.map((file) => file.name);
  if (dataDir === undefined) {
    throw new DatasetError({
      file: String(trainFile),
      message: 'no data directory given (run `forge data pull hover`)',
    });
  }
  const read = async (name: string) => {
    const official = join(dataDir, name);
    const hubExport = official.replace(/\.json$/, '.jsonl');
    const file = (await exists(official)) || !(await exists(hubExport)) ? official : hubExport;
    const source = file.slice(dataDir.length + 1);
    return (await loadHoverRecords(file)).map((record, index) => ({
      record,
      source,
      number: index + 1,
      hops: record.hops,
    }));
  };
  const splits = buildHoverSplits(
    await read(String(trainFile)),
    await read(String(developmentFile)),
    sizes,
  );
  const toInstance = ({
    record,
    source,
    number,
  }: {
    record: HoverRecord;
    source: string;
    number: number;
  }): Instance => ({
    id: record.uid,
    input: { claim: record.claim },
    gold: { supporting_titles: [...record.titles] },
    metadata: {
      source,
      record: number,
      hops: record.hops,
      label: record.label,
      ...(record.hpqaId === undefined ? {} : { hpqaId: record.hpqaId }),
    },
  });
  return {
    train: splits.train.map(toInstance),
    validation: splits.validation.map(toInstance),
    test: splits.test.map(toInstance),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
