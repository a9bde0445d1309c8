import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkPackage,
  DatasetError,
  type Instance,
  parseSplitSizes,
  type SplitSizes,
  type Splits,
} from '@forge/program';
import { createSearchFullWikiTool, resolveRetriever } from '@forge/retrieval';
import { checkData, hotpotTrainFile, pullData } from './hotpotqa-data.js';
import { evaluateHotpot } from './hotpotqa-evaluate.js';
import { createHotpotProgram } from './hotpotqa-program.js';
import type { HotpotRecord } from './hotpotqa-record.js';
import { hotpotSignature } from './hotpotqa-signature.js';
import { buildHotpotSplits, hotpotSplitSizes } from './hotpotqa-splits.js';
import { loadHotpotRecords } from './load-hotpotqa-records.js';

/**
 * Creates the HotPotQA benchmark. Settings: the retrieval backend (`retriever`, `colbertUrl`,
 * `colbertTimeoutMs` or `bm25IndexDir`, see `resolveRetriever`) and `splitSizes`
 * (`{ train, validation, test }`, default 100 each). Data: `hotpot_train_v1.1.json` (or a
 * `hotpot_train_v1.1.jsonl` hub export) in `dataDir`.
 */
export function createBenchmark(options: BenchmarkOptions): Benchmark {
  const retriever = resolveRetriever(options.settings, 'HotPotQA');
  const sizes = parseSplitSizes(options.settings?.['splitSizes'], 'HotPotQA', hotpotSplitSizes);
  return {
    id: 'hotpotqa',
    title: 'HotPotQA',
    signature: hotpotSignature,
    program: createHotpotProgram(retriever),
    evaluate: evaluateHotpot,
    loadSplits: () => loadSplits(options.dataDir, sizes),
    synthesisTools: [createSearchFullWikiTool(retriever)],
    synthesis: { attempts: 25, epochs: 4, patience: 15 },
    testRepeats: 1,
  };
}

/** The package as the sdk and CLI load it. */
export const benchmarkPackage: BenchmarkPackage = { createBenchmark, pullData, checkData };

async function loadSplits(dataDir: string | undefined, sizes: SplitSizes): Promise<Splits> {
  if (dataDir === undefined) {
    throw new DatasetError({
      file: hotpotTrainFile,
      message: 'no data directory given (run `forge data pull hotpotqa`)',
    });
  }
  const official = join(dataDir, hotpotTrainFile);
  const hubExport = official.replace(/\.json$/, '.jsonl');
  const file = (await exists(official)) || !(await exists(hubExport)) ? official : hubExport;
  const records = (await loadHotpotRecords(file)).map((record, index) => ({
    record,
    number: index + 1,
  }));
  const splits = buildHotpotSplits(records, sizes);
  const source = file.slice(dataDir.length + 1);
  const toInstance = ({ record, number }: { record: HotpotRecord; number: number }): Instance => ({
    id: record.id,
    input: { question: record.question },
    gold: { answer: record.answer, supporting_facts: [...record.supportingFacts] },
    metadata: {
      source,
      record: number,
      ...(record.type === undefined ? {} : { type: record.type }),
      ...(record.level === undefined ? {} : { level: record.level }),
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
