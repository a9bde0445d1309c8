export { benchmarkPackage, checkData, pullData } from './benchmark/benchmark-package.js';
export { createBenchmark } from './benchmark/create-benchmark.js';
export { evaluateIfbench, feedbackFor } from './benchmark/ifbench-evaluator.js';
export {
  createIfbenchProgram,
  IFBENCH_SEED_PROMPT,
  RESPOND_MODULE,
} from './benchmark/ifbench-program.js';
export { IFBENCH_SIGNATURE } from './benchmark/ifbench-signature.js';
export {
  checkResponseTool,
  describeConstraintsTool,
  IFBENCH_SYNTHESIS_TOOLS,
  listInstructionsTool,
} from './benchmark/synthesis-tools.js';
export type {
  BuiltInstruction,
  InstructionDefinition,
  InstructionKwargs,
  KwargSpec,
  KwargType,
  Verdict,
} from './checkers/instruction.js';
export { InstructionKwargsError } from './checkers/instruction-kwargs-error.js';
export {
  IFBENCH_INSTRUCTIONS,
  IFEVAL_INSTRUCTIONS,
  INSTRUCTION_REGISTRY,
} from './checkers/instruction-registry.js';
export {
  IFBENCH_FILES,
  type IfbenchDataFile,
  TEST_FILE,
  TRAIN_FILE,
} from './data/ifbench-files.js';
export { type IfbenchRecord, ifbenchRecordSchema } from './data/ifbench-record.js';
export { type LoadIfbenchSplitsOptions, loadIfbenchSplits } from './data/load-ifbench-splits.js';
export { splitTrainingRows, type TrainingSplit } from './data/split-training-rows.js';
export { PythonRuntimeError } from './python/python-runtime-error.js';
export { buildInstruction, dropNullKwargs } from './scoring/build-instruction.js';
export {
  type ConstraintResult,
  checkInstruction,
  evaluateInstructions,
  scoreResponse,
} from './scoring/evaluate-instructions.js';
export { looseVariants } from './scoring/loose-variants.js';
export { UnknownInstructionError } from './scoring/unknown-instruction-error.js';
