import { PythonRandom } from '@forge/python-compat';

/** Row indices of the training file that go to training and to validation. */
export interface TrainingSplit {
  /** One row per segment, in segment order. */
  readonly train: readonly number[];
  /** The other sampled row of each segment, in segment order. */
  readonly validation: readonly number[];
}

/**
 * The paper's IFBench split (Table 5): cut the `rows` training rows into `segments` contiguous
 * segments (numpy `array_split` sizes: the first `rows % segments` are one row longer), then,
 * with one `random.Random(seed)` stream, `sample` two distinct rows of each segment in order;
 * the first goes to training, the second to validation.
 */
export function splitTrainingRows(rows: number, segments = 150, seed = 1): TrainingSplit {
  if (!Number.isInteger(segments) || segments <= 0 || rows < 2 * segments) {
    throw new RangeError(`cannot sample 2 rows from each of ${segments} segments of ${rows} rows`);
  }
  const random = new PythonRandom(seed);
  const base = Math.floor(rows / segments);
  const longer = rows % segments;
  const train: number[] = [];
  const validation: number[] = [];
  let start = 0;
  for (let segment = 0; segment < segments; segment++) {
    const size = base + (segment < longer ? 1 : 0);
    const indices = Array.from({ length: size }, (_, offset) => start + offset);
    const [first, second] = random.sample(indices, 2) as [number, number];
    train.push(first);
    validation.push(second);
    start += size;
  }
  return { train, validation };
}
