export { aimeDataFiles, checkData, pullData } from './aime-data.js';
export {
  aimeModuleName,
  aimeSeedPrompt,
  createAimeProgram,
  parseAimeResponse,
  renderAimeInput,
} from './aime-program.js';
export {
  type AimeRecords,
  aime2025RowSchema,
  aimoRowSchema,
  loadAimeRecords,
} from './aime-records.js';
export { aimeSignature } from './aime-signature.js';
export { benchmarkPackage } from './benchmark-package.js';
export { aimeSplitSeed, buildAimeSplits } from './build-aime-splits.js';
export { aimeSynthesis, createBenchmark } from './create-benchmark.js';
export { evaluateAime } from './evaluate-aime.js';
export { type PythonIntResult, parsePythonInt, parseStrippedPythonInt } from './python-int.js';
export { type AnswerJudgement, judgeAnswer, scoreAnswer } from './score-answer.js';
