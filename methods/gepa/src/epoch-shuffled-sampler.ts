import { createRandom } from '@forge/program';

/** The sampler's saved state: plain data, part of the run's checkpoint. */
export interface SamplerState {
  /** The sampling epoch the order belongs to; -1 before the first minibatch. */
  readonly epoch: number;
  /** Training positions in this epoch's shuffled order, padded to a multiple of the batch size. */
  readonly order: readonly number[];
  /** The training-set size the order was built for. */
  readonly trainingSize: number;
}

/** A sampler that has drawn nothing yet. */
export const initialSamplerState: SamplerState = { epoch: -1, order: [], trainingSize: 0 };

/**
 * The reference's `EpochShuffledBatchSampler`: iteration `i` takes the chunk starting at
 * `(i · b) mod L` of a shuffled, padded order of length L; the order is reshuffled when
 * `i · b` enters a new epoch (or the training set changed size). Padding appends, one at a time,
 * the least frequent position, the latest in the order among equals (what `Counter.most_common`
 * reversed gives). The shuffle of epoch e is drawn from the stream `('gepa-sampler', e)`, so
 * resuming needs only the saved state.
 */
export function nextMinibatch(
  state: SamplerState,
  options: {
    readonly seed: number;
    readonly iteration: number;
    readonly batchSize: number;
    readonly trainingSize: number;
  },
): { readonly positions: number[]; readonly state: SamplerState } {
  const { batchSize, trainingSize, iteration } = options;
  if (trainingSize === 0) throw new RangeError('nextMinibatch: the training set is empty');
  const start = iteration * batchSize;
  const epoch = state.epoch === -1 ? 0 : Math.floor(start / Math.max(state.order.length, 1));
  let next = state;
  if (state.order.length === 0 || trainingSize !== state.trainingSize || epoch > state.epoch) {
    next = {
      epoch,
      order: shuffledOrder(options.seed, epoch, trainingSize, batchSize),
      trainingSize,
    };
  }
  const offset = start % next.order.length;
  return { positions: next.order.slice(offset, offset + batchSize), state: next };
}

function shuffledOrder(
  seed: number,
  epoch: number,
  trainingSize: number,
  batchSize: number,
): number[] {
  const random = createRandom(seed, 'gepa-sampler', epoch, trainingSize);
  const order = random.shuffle(Array.from({ length: trainingSize }, (_, position) => position));
  const counts = new Map<number, number>(order.map((position) => [position, 1]));
  const remainder = trainingSize % batchSize;
  const padding = remainder === 0 ? 0 : batchSize - remainder;
  for (let added = 0; added < padding; added++) {
    let chosen = order[0] as number;
    let fewest = Number.POSITIVE_INFINITY;
    // Scanning in first-appearance order and taking `<=` keeps the latest of the least frequent.
    for (const [position, count] of counts) {
      if (count <= fewest) {
        fewest = count;
        chosen = position;
      }
    }
    order.push(chosen);
    counts.set(chosen, fewest + 1);
  }
  return order;
}
