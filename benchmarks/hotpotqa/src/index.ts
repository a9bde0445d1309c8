export { benchmarkPackage, createBenchmark } from './create-hotpotqa-benchmark.js';
export {
  checkData,
  hotpotTrainCount,
  hotpotTrainFile,
  hotpotTrainUrl,
  pullData,
} from './hotpotqa-data.js';
export { evaluateHotpot } from './hotpotqa-evaluate.js';
export {
  createHotpotProgram,
  hotpotModules,
  hotpotPassagesPerHop,
} from './hotpotqa-program.js';
export { type HotpotRecord, toHotpotRecord, validateHotpotRecord } from './hotpotqa-record.js';
export { hotpotSignature } from './hotpotqa-signature.js';
export {
  buildHotpotSplits,
  hotpotSplitSeed,
  hotpotSplitSizes,
  type SplitItems,
} from './hotpotqa-splits.js';
export { loadHotpotRecords } from './load-hotpotqa-records.js';
export { streamJsonArray } from './stream-json-array.js';
