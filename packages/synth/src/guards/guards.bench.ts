import { createRandom, defineSignature } from '@forge/program';
import { bench, describe } from 'vitest';
import { DuplicateIndex } from './duplicate-index.js';
import { LeakageIndex } from './leakage-index.js';

// The guards run once per candidate before the verifier. Sizes: D of 10,000 instances of ~40
// words drawn from a 2,000-word vocabulary (with a shared question template, the worst case for
// the inverted index), a holdout of 1,000 such items.
const signature = defineSignature({
  name: 'QA',
  inputFields: [{ name: 'question', type: 'str', description: '' }],
  outputFields: [{ name: 'answer', type: 'str', description: '' }],
});

const random = createRandom('guards-bench');
const next = (bound: number) => random.int(bound);
const vocabulary = Array.from({ length: 2000 }, (_, index) => `w${index.toString(36)}`);
const sentence = () =>
  `Which of the following is true about ${Array.from({ length: 34 }, () => vocabulary[next(2000)]).join(' ')}?`;
const instance = (id: string) => ({ id, input: { question: sentence() }, gold: { answer: 'a' } });

const existing = Array.from({ length: 10_000 }, (_, index) => instance(`d${index}`));
const holdout = Array.from({ length: 1_000 }, (_, index) => instance(`v${index}`));
const candidates = Array.from({ length: 100 }, (_, index) => instance(`c${index}`));

describe('guards', () => {
  bench('index D (10,000 instances)', () => {
    const index = new DuplicateIndex(signature, 0.9);
    for (const item of existing) index.add(item);
  });

  const duplicates = new DuplicateIndex(signature, 0.9);
  for (const item of existing) duplicates.add(item);
  bench('duplicate check of 100 candidates against D', () => {
    for (const candidate of candidates) duplicates.find(candidate);
  });

  const leakage = new LeakageIndex(signature, 5, 0.5, holdout);
  bench('leakage check of 100 candidates against 1,000 holdout items', () => {
    for (const candidate of candidates) leakage.find(candidate);
  });
});
