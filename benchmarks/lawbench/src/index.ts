export { benchmarkPackage } from './benchmark-package.js';
export { additionalCharges, chargeCatalogue, lawbenchCharges } from './charge-catalogue.js';
export { createBenchmark, lawbenchSynthesis } from './create-benchmark.js';
export { evaluateLawbench } from './evaluate-lawbench.js';
export { checkData, lawbenchDataFiles, pullData } from './lawbench-data.js';
export {
  createLawbenchProgram,
  lawbenchModuleName,
  lawbenchSeedPrompt,
  renderLawbenchInput,
} from './lawbench-program.js';
export {
  lawbenchRowSchema,
  lawbenchSplitFiles,
  lawbenchTarget,
  loadLawbenchSplit,
  readLawbenchFile,
} from './lawbench-records.js';
export { lawbenchSignature } from './lawbench-signature.js';
export {
  type ChargeSearch,
  lawbenchSynthesisTools,
  listChargesTool,
  searchCharges,
  searchChargesTool,
} from './lawbench-tools.js';
export {
  type ChargeRule,
  chargeSeparators,
  type ParsedCharges,
  parseCharges,
} from './parse-charges.js';
export { goldChargeSet, sameCharges, scoreCharges } from './score-charges.js';
