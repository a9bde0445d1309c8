import { createRandom } from '@forge/program';

/**
 * The epoch-shuffled sampler's state (SPEC §5, A.3): a shuffled order of training ids and a
 * cursor into it. Plain data, saved with the run.
 */
export interface SamplerState {
  /** The current sampling epoch's order, padded to a multiple of the minibatch size. */
  readonly order: readonly string[];
  /** Index of the next id to hand out. */
  readonly cursor: number;
  /** Number of full reshuffles so far (names the random stream of the next one). */
  readonly epochs: number;
}

/** The state before the first minibatch: empty, so the first call shuffles. */
export function createSamplerState(): SamplerState {
  return { order: [], cursor: 0, epochs: 0 };
}

/**
 * Returns the next contiguous minibatch and the advanced state. When the order is exhausted, all
 * ids are reshuffled for a new sampling epoch; the order is padded with randomly chosen ids so
 * every minibatch is full (only padding may repeat an id within an epoch).
 */
export function nextMinibatch(
  state: SamplerState,
  options: { ids: readonly string[]; size: number; seed: number | string },
): { batch: string[]; state: SamplerState } {
  let { order, cursor, epochs } = state;
  if (cursor >= order.length) {
    if (options.ids.length === 0) throw new RangeError('nextMinibatch: the training set is empty');
    const random = createRandom(options.seed, 'sampler', epochs);
    order = pad(random.shuffle(options.ids), options.ids, options.size, random.pick);
    cursor = 0;
    epochs += 1;
  }
  const batch = order.slice(cursor, cursor + options.size);
  return { batch, state: { order, cursor: cursor + options.size, epochs } };
}

/**
 * Refresh after a synthesis event (A.3): the unique ids not yet consumed in this epoch plus the
 * newly admitted ids are shuffled and placed first; the ids already consumed follow, shuffled
 * separately; the order is padded; the cursor returns to 0.
 */
export function refreshSampler(
  state: SamplerState,
  options: {
    ids: readonly string[];
    newIds: readonly string[];
    size: number;
    seed: number | string;
    event: number;
  },
): SamplerState {
  const consumed = new Set(state.order.slice(0, state.cursor));
  const pending = new Set<string>();
  for (const id of state.order.slice(state.cursor)) if (!consumed.has(id)) pending.add(id);
  for (const id of options.newIds) if (!consumed.has(id)) pending.add(id);
  // Any id of D missing from the order (none in practice) counts as not yet consumed.
  for (const id of options.ids) if (!consumed.has(id)) pending.add(id);
  const random = createRandom(options.seed, 'sampler-refresh', options.event);
  const first = random.shuffle([...pending]);
  const second = random.shuffle([...consumed]);
  const order = pad([...first, ...second], options.ids, options.size, random.pick);
  return { order, cursor: 0, epochs: state.epochs };
}

function pad(
  order: string[],
  ids: readonly string[],
  size: number,
  pick: (items: readonly string[]) => string,
): string[] {
  while (order.length % size !== 0) order.push(pick(ids));
  return order;
}
