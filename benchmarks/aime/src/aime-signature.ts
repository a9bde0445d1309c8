import { defineSignature, type Signature } from '@forge/program';

/** AIME: a problem statement in, the integer answer out. */
export const aimeSignature: Signature = defineSignature({
  name: 'AimeSignature',
  inputFields: [
    {
      name: 'problem',
      type: 'str',
      description:
        'An AIME-style competition mathematics problem, as plain text with LaTeX math; it must have a single integer answer.',
    },
  ],
  outputFields: [
    {
      name: 'answer',
      type: 'int',
      description: 'The exact final answer, an integer from 0 to 999 as on the AIME answer sheet.',
    },
  ],
});
