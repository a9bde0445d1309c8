export { benchmarkPackage } from './benchmark-package.js';
export { createBenchmark, finerSynthesis } from './create-benchmark.js';
export { evaluateFiner } from './evaluate-finer.js';
export {
  extractFinalAnswer,
  type FinalAnswer,
  type FinalAnswerSource,
  findFinalAnswer,
} from './extract-final-answer.js';
export { finalResponse } from './final-response.js';
export { checkData, finerDataFiles, metaHarnessCommit, pullData } from './finer-data.js';
export { type FinerLabel, finerLabelNames, finerLabels } from './finer-labels.js';
export {
  createFinerProgram,
  finerModuleName,
  finerSeedPrompt,
  renderFinerInput,
  taskMaxOutputTokens,
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
export { checkPinnedFiles, type PinnedDataFile, pullPinnedFiles } from './pinned-files.js';
export { type PythonJsonResult, parsePythonJson } from './python/python-json.js';
export { pythonSplitlines } from './python/python-splitlines.js';
export { pythonRepr, pythonStr, reprFloat, reprString } from './python/python-str.js';
export type { PythonValue } from './python/python-value.js';
export { normalizeTag, scoreTag } from './score-tag.js';
