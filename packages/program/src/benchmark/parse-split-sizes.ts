import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';

/** How many instances each split of a benchmark samples. */
export interface SplitSizes {
  /** Training instances. */
  readonly train: number;
  /** Validation instances. */
  readonly validation: number;
  /** Test instances. */
  readonly test: number;
}

const splitSizesSchema = z.object({
  train: z.number().int().positive(),
  validation: z.number().int().positive(),
  test: z.number().int().positive(),
});

/**
 * Reads `settings.splitSizes` of a retrieval benchmark (HotPotQA, HoVer): the defaults when it is
 * absent, an error naming the setting when it is malformed.
 */
export function parseSplitSizes(value: unknown, title: string, defaults: SplitSizes): SplitSizes {
  if (value === undefined) return defaults;
  const parsed = splitSizesSchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidArgumentError({
      argument: 'settings.splitSizes',
      message: `${title}: settings.splitSizes must be { train, validation, test } positive integers`,
    });
  }
  return parsed.data;
}
