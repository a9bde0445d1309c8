import { countInstructions } from './count-checkers.js';
import { customInstructions } from './custom-checkers.js';
import { formatInstructions } from './format-checkers.js';
import { ifevalFormatInstructions } from './ifeval-format-checkers.js';
import { ifevalKeywordInstructions } from './ifeval-keyword-checkers.js';
import { ifevalLengthInstructions } from './ifeval-length-checkers.js';
import type { InstructionDefinition } from './instruction.js';
import { ratioInstructions } from './ratio-checkers.js';
import { repeatInstructions } from './repeat-checkers.js';
import { sentenceInstructions } from './sentence-checkers.js';
import { wordsInstructions } from './words-checkers.js';

/** The 58 out-of-distribution instructions of IFBench 8a66c06, in family order. */
export const IFBENCH_INSTRUCTIONS: readonly InstructionDefinition[] = [
  ...countInstructions,
  ...ratioInstructions,
  ...wordsInstructions,
  ...sentenceInstructions,
  ...formatInstructions,
  ...customInstructions,
  ...repeatInstructions,
];

/** The 25 classic IFEval instructions the training file uses (GEPA's vendored copy). */
export const IFEVAL_INSTRUCTIONS: readonly InstructionDefinition[] = [
  ...ifevalKeywordInstructions,
  ...ifevalLengthInstructions,
  ...ifevalFormatInstructions,
];

/** Every instruction id the adapter can check (83), by id. */
export const INSTRUCTION_REGISTRY: ReadonlyMap<string, InstructionDefinition> = new Map(
  [...IFBENCH_INSTRUCTIONS, ...IFEVAL_INSTRUCTIONS].map((definition) => [
    definition.id,
    definition,
  ]),
);
