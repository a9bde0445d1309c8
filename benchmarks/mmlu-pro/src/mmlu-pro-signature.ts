import { defineSignature, type Signature } from '@forge/program';

/** MMLU-Pro: a question, its options and its subject in, the letter of the right option out. */
export const mmluProSignature: Signature = defineSignature({
  name: 'MmluProSignature',
  inputFields: [
    { name: 'question', type: 'str', description: 'The question text.' },
    {
      name: 'options',
      type: 'list[str]',
      description:
        'The answer options in order, at most ten; the first is option A, the second B, and so on. Exactly one is correct.',
    },
    {
      name: 'category',
      type: 'str',
      description:
        'The subject, one of the 14 MMLU-Pro categories: biology, business, chemistry, computer science, economics, engineering, health, history, law, math, other, philosophy, physics, psychology.',
    },
  ],
  outputFields: [
    {
      name: 'answer',
      type: 'str',
      description: 'The letter (A–J) of the correct option.',
    },
  ],
});
