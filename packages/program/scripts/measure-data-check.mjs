// Time of the data check at the door (`checkProgramData`, which `optimize` and `evaluate` run
// before any model call) on a three-split dataset of a typed program: every instance's input
// and gold parsed by the program's zod schemas. Prints milliseconds and microseconds per
// instance for clean data, and for data with one bad instance in a hundred (each problem listed).
// Run after a build: `pnpm --filter @forge/program measure:data-check [instances]`.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { checkProgramData, DataCheckError, defineModule, defineProgram } from '../dist/index.js';

const size = Number(process.argv[2] ?? 100_000);
const extract = defineModule({
  name: 'extract',
  seedPrompt: 'List the aspects the review names.',
  input: z.object({ review: z.string().min(1) }),
  output: z.object({ aspects: z.array(z.object({ name: z.string(), quote: z.string() })) }),
});
const program = defineProgram({
  name: 'reviews',
  modules: [extract],
  input: z.object({ review: z.string().min(1), product: z.string() }),
  output: z.object({
    aspects: z.array(z.object({ name: z.string(), sentiment: z.enum(['positive', 'negative']) })),
    summary: z.string(),
  }),
  run: (input, { call }) => call(extract, input),
});
const instance = (index, bad) => ({
  id: `i${index}`,
  input: { review: bad ? '' : `The battery of unit ${index} lasts two days.`, product: 'phone' },
  gold: {
    aspects: [
      { name: 'battery', sentiment: 'positive' },
      { name: 'screen', sentiment: index % 2 === 0 ? 'negative' : 'positive' },
    ],
    summary: 'Good battery.',
  },
});
const splitsOf = (badEvery) => {
  const all = Array.from({ length: size }, (_, index) =>
    instance(index, badEvery > 0 && index % badEvery === 0),
  );
  const train = Math.floor(size * 0.6);
  const validation = Math.floor(size * 0.2);
  return {
    train: all.slice(0, train),
    validation: all.slice(train, train + validation),
    test: all.slice(train + validation),
  };
};
const time = (label, splits) => {
  const times = [];
  let problems = 0;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    try {
      checkProgramData({ program, splits });
    } catch (error) {
      if (!DataCheckError.isInstance(error)) throw error;
      problems = error.problems.length;
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[2];
  console.log(
    `${label}: ${size.toLocaleString('en')} instances, median of 5 ${median.toFixed(0)} ms (${((median * 1000) / size).toFixed(1)} µs an instance)${problems > 0 ? `, ${problems.toLocaleString('en')} problems listed` : ''}`,
  );
};
time('clean', splitsOf(0));
time('1 in 100 bad', splitsOf(100));
