export { benchmarkPackage } from './benchmark-package.js';
export { createBenchmark, finerSynthesis } from './create-benchmark.js';
export { evaluateFiner } from './evaluate-finer.js';
export { checkData, finerDataFiles, metaHarnessCommit, pullData } from './finer-data.js';
export { type FinerLabel, finerLabelNames, finerLabels } from './finer-labels.js';
export {
  createFinerProgram,
  finerModuleName,
  finerSeedPrompt,
  renderFinerInput,
} from './finer-program.js';
export { finerQuestion, finerRowSchema, finerSplitFiles, loadFinerSplit } from './finer-records.js';
export { finerSignature } from './finer-signature.js';
export {
  type FinerLabelLookup,
  finerSynthesisTools,
  listFinerLabelsTool,
  lookupFinerLabel,
  lookupFinerLabelTool,
} from './finer-tools.js';
export { normalizeTag, scoreTag } from './score-tag.js';
