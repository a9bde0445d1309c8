export { benchmarkPackage } from './benchmark-package.js';
export {
  buildMmluProSplits,
  type MmluProSplitSizes,
  mmluProSplitSizes,
} from './build-mmlu-pro-splits.js';
export { createBenchmark, mmluProSynthesis } from './create-benchmark.js';
export { evaluateMmluPro } from './evaluate-mmlu-pro.js';
export {
  type Extraction,
  type ExtractionRule,
  extractAnswer,
  extractAnswerWithRule,
  extractionRuleDescriptions,
} from './extract-answer.js';
export { largestRemainderQuotas } from './largest-remainder-quotas.js';
export { checkData, mmluProDataFiles, pullData } from './mmlu-pro-data.js';
export {
  createMmluProProgram,
  mmluProModuleName,
  mmluProSeedPrompt,
  renderMmluProInput,
} from './mmlu-pro-program.js';
export {
  loadMmluProRecords,
  type MmluProRecords,
  mmluProRowSchema,
  testFileName,
  validationFileName,
} from './mmlu-pro-records.js';
export { mmluProSignature } from './mmlu-pro-signature.js';
export { scoreResponse } from './score-response.js';
