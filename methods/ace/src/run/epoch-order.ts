import { createRandom, type Instance } from '@forge/program';

/**
 * The order of the training instances in an epoch: shuffled by a stream named by the seed and
 * the epoch (so resuming needs only the epoch number), or in the given order, as the reference
 * iterates its training file.
 */
export function epochOrder(
  train: readonly Instance[],
  options: { readonly seed: number; readonly epoch: number; readonly shuffle: boolean },
): readonly Instance[] {
  if (!options.shuffle) return train;
  return createRandom(options.seed, 'ace', 'epoch-order', options.epoch).shuffle(train);
}
