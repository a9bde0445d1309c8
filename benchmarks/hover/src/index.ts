export { benchmarkPackage, createBenchmark } from './create-hover-benchmark.js';
export { checkData, hoverBaseUrl, hoverFiles, pullData } from './hover-data.js';
export { evaluateHover } from './hover-evaluate.js';
export { createHoverProgram, hoverModules, hoverPassagesPerHop } from './hover-program.js';
export { type HoverRecord, toHoverRecord } from './hover-record.js';
export { hoverSignature } from './hover-signature.js';
export {
  buildHoverSplits,
  type HasHops,
  type HoverSplitSizes,
  hopQuotas,
  hoverHopCounts,
  hoverSplitSizes,
} from './hover-splits.js';
export { loadHoverRecords } from './load-hover-records.js';
export { normalizeTitle, retrievalScore } from './retrieval-score.js';
