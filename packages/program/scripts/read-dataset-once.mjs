// One trial of measure-dataset-memory.mjs: reads the JSONL file it is given with `readJsonl`
// and prints this process's peak resident set size and what `readJsonl` answered, as JSON.
import { z } from 'zod';
import { readJsonl } from '../dist/index.js';

const schema = z.object({ id: z.string(), input: z.record(z.string(), z.unknown()) });
let outcome;
try {
  const records = await readJsonl(process.argv[2], schema);
  outcome = `read ${records.length} records`;
} catch (error) {
  outcome = `${error.name}: ${error.message}`;
}
console.log(
  JSON.stringify({ peakMiB: Math.round(process.resourceUsage().maxRSS / 1024), outcome }),
);
