import { createRandom, type Instance, type Random, type Splits } from '@forge/program';
import {
  type CaseProfile,
  trainingProfiles,
  validationOnlyGroups,
  withDistractors,
} from './case-profiles.js';
import { drawDateCase } from './draw-date-case.js';
import { readDateText } from './read-date-text.js';
import { renderDateText } from './render-date-case.js';

/** How many instances each split holds. */
export interface SplitSizes {
  /** Training instances. */
  readonly train: number;
  /** Validation instances. */
  readonly validation: number;
  /** Test instances. */
  readonly test: number;
}

/** Share of validation and test instances drawn like training ones; the rest are validation-only. */
export const trainLikeShare = 0.6;

/**
 * Generates the three splits deterministically from a seed. Training holds only the training
 * profiles; validation and test hold 60 % training-like instances and 40 % split evenly between
 * slash dates, two-digit years from the pivot up, and texts with distractor numbers. No text
 * appears twice across the splits.
 */
export function generateSplits(seed: number | string, sizes: SplitSizes): Splits {
  const seen = new Set<string>();
  const build = (split: keyof SplitSizes, profiles: readonly CaseProfile[]): Instance[] => {
    const order = createRandom(seed, 'sim-splits', split, 'order').shuffle(profiles);
    return order.map((profile, index) => {
      const text = drawUniqueText(profile, seen, (attempt) =>
        createRandom(seed, 'sim-splits', split, index, attempt),
      );
      const reading = readDateText(text);
      if (!reading.ok) throw new Error(`sim: generated an unreadable text ${JSON.stringify(text)}`);
      return {
        id: `${split}-${String(index + 1).padStart(4, '0')}`,
        input: { text },
        gold: { date: reading.iso },
        metadata: { simulated: true, profile: profile.name, rules: [...profile.rules] },
      };
    });
  };
  return {
    train: build('train', trainingMix(sizes.train)),
    validation: build(
      'validation',
      heldOutMix(sizes.validation, createRandom(seed, 'sim-mix', 'validation')),
    ),
    test: build('test', heldOutMix(sizes.test, createRandom(seed, 'sim-mix', 'test'))),
  };
}

/** The training profiles, allocated by weight (largest remainder). */
export function trainingMix(size: number): CaseProfile[] {
  const counts = allocate(
    size,
    trainingProfiles.map((entry) => entry.weight),
  );
  return trainingProfiles.flatMap((entry, index) =>
    Array.from({ length: counts[index] ?? 0 }, () => entry.profile),
  );
}

/** Profiles of a validation or test split: training-like plus the three validation-only groups. */
export function heldOutMix(size: number, random: Random): CaseProfile[] {
  const trainLike = Math.round(size * trainLikeShare);
  const [slash = 0, pivot = 0, distractor = 0] = allocate(size - trainLike, [1, 1, 1]);
  const cycle = (profiles: readonly CaseProfile[], count: number) =>
    Array.from({ length: count }, (_, index) => profiles[index % profiles.length] as CaseProfile);
  return [
    ...trainingMix(trainLike),
    ...cycle(validationOnlyGroups[0] ?? [], slash),
    ...cycle(validationOnlyGroups[1] ?? [], pivot),
    ...random
      .shuffle(trainingMix(Math.max(distractor, 1) * 3))
      .slice(0, distractor)
      .map((profile, index) => withDistractors(profile, 1 + (index % 2))),
  ];
}

function drawUniqueText(
  profile: CaseProfile,
  seen: Set<string>,
  randomFor: (attempt: number) => Random,
): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const text = renderDateText(drawDateCase(profile, randomFor(attempt)));
    if (!seen.has(text)) {
      seen.add(text);
      return text;
    }
  }
  throw new Error(`sim: could not draw a new text for profile ${profile.name}`);
}

/** Splits `total` in proportion to `weights` by largest remainder (ties to the earlier weight). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((left, right) => left + right, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const counts = exact.map(Math.floor);
  let remaining = total - counts.reduce((left, right) => left + right, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((left, right) => right.remainder - left.remainder || left.index - right.index);
  for (const { index } of order) {
    if (remaining <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    remaining -= 1;
  }
  return counts;
}
