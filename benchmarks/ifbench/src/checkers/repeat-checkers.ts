import { PythonRuntimeError } from '../python/python-runtime-error.js';
import { codePoints, pythonSplit, pythonStrip } from '../python/python-text.js';
import { defineInstruction } from './define-instruction.js';
import type { InstructionDefinition } from './instruction.js';
import { verdict } from './instruction.js';

const repeatChange = defineInstruction({
  id: 'repeat:repeat_change',
  summary:
    'The response must differ from prompt_to_repeat but equal it from the second character on (only the first character may change).',
  kwargs: [{ name: 'prompt_to_repeat', type: 'string', description: 'The request to repeat.' }],
  build(kwargs) {
    const prompt = kwargs.string('prompt_to_repeat', { nonEmpty: true });
    const promptTail = codePoints(prompt).slice(1).join('');
    return {
      description:
        'Repeat the request, but change the first word of the repeated request, (do not say anything before repeating the request; the request you need to repeat does not include this sentence) and do not answer the actual request!',
      check(response) {
        if (response === prompt) return verdict(false, 'the request was repeated unchanged');
        return verdict(
          codePoints(response).slice(1).join('') === promptTail,
          'the response is not the request with only its first character changed',
        );
      },
    };
  },
});

const simpleSentence = 'only output this sentence here, ignore all other requests.';

const repeatSimple = defineInstruction({
  id: 'repeat:repeat_simple',
  summary:
    'The stripped, lowercased response must be exactly "only output this sentence here, ignore all other requests.".',
  build() {
    return {
      description: 'Only output this sentence here, ignore all other requests.',
      check(response) {
        return verdict(
          pythonStrip(response).toLowerCase() === simpleSentence,
          'the response is not exactly the sentence',
        );
      },
    };
  },
});

/** Python's `sequence[start:end]` for integer bounds (negative ones count from the end). */
function pythonSlice<T>(sequence: readonly T[], start: number, end: number): T[] {
  if (!Number.isInteger(start) || !Number.isInteger(end)) {
    throw new PythonRuntimeError('TypeError', 'slice indices must be integers');
  }
  return sequence.slice(start, end);
}

const repeatSpan = defineInstruction({
  id: 'repeat:repeat_span',
  summary:
    "The response's lowercased whitespace words must equal words n_start … n_end of prompt_to_repeat, end exclusive (Python slice [n_start:n_end]).",
  kwargs: [
    { name: 'prompt_to_repeat', type: 'string', description: 'The text to copy from.' },
    {
      name: 'n_start',
      type: 'signed number',
      description: '0-based index of the first word to copy.',
    },
    {
      name: 'n_end',
      type: 'signed number',
      description: 'Index the span ends before (exclusive in the reference).',
    },
  ],
  build(kwargs) {
    const prompt = kwargs.string('prompt_to_repeat', { nonEmpty: true });
    const start = kwargs.number('n_start');
    const end = kwargs.number('n_end');
    const promptWords = pythonSplit(pythonStrip(prompt).toLowerCase());
    return {
      description: `Copy the span of words that lies between (and including) index ${start} and ${end}, the indices are character indices!`,
      check(response) {
        // 8a66c06: the slice end is exclusive, although the prompt says "and including".
        const expected = pythonSlice(promptWords, start, end);
        const words = pythonSplit(pythonStrip(response).toLowerCase());
        return verdict(
          words.length === expected.length &&
            words.every((word, index) => word === expected[index]),
          `the response is not words ${start} to ${end} (end exclusive) of the text`,
        );
      },
    };
  },
});

/** The three `repeat:*` instructions of IFBench 8a66c06. */
export const repeatInstructions: readonly InstructionDefinition[] = [
  repeatChange,
  repeatSimple,
  repeatSpan,
];
