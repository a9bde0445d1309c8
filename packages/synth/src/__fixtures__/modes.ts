import type { Observation } from '@forge/memory';
import { defineSignature } from '@forge/program';
import type { SynthesisMode } from '../plan/synthesis-slot.js';

/** A one-input, one-output arithmetic signature. */
export const additionSignature = defineSignature({
  name: 'AdditionSignature',
  inputFields: [{ name: 'question', type: 'str', description: 'An addition question in words.' }],
  outputFields: [{ name: 'answer', type: 'int', description: 'The sum.' }],
});

/** An observation whose question names its id, so prompts can be told apart. */
export function observation(id: string, question = `Question ${id}: what is 19 + 23?`): Observation {
  return {
    id,
    step: 4,
    parentIndex: 0,
    instance: { id: `train-${id}`, input: { question }, gold: { answer: 42 } },
    score: 0,
    trace: [
      {
        module: 'solver',
        messages: [
          { role: 'user', content: question },
          { role: 'assistant', content: 'SOURCE-TRACE-MARKER 32' },
        ],
      },
    ],
    feedback: `Expected 42, got 32 (${id}).`,
  };
}

/** A mode with `support` observations named `<name>-<k>`. */
export function mode(name: string, support: number, index = 0): SynthesisMode {
  return {
    id: `e0-m${index}`,
    name,
    description: `Description of ${name}.`,
    observations: Array.from({ length: support }, (_, k) => observation(`${name}-${k}`)),
  };
}
