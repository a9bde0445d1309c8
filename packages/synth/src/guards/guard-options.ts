import type { CoercionMode } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';

/**
 * Settings of the checks between generation and verification: the paper's type coercion, and
 * the guards Forge adds beyond the paper (each a recorded outcome).
 */
export interface SynthesisGuardOptions {
  /**
   * How a generated value meets its declared type: `lossless` (default, the paper's Coerce:
   * `"45"` becomes 45 for an int, `"4.5"` does not) or `strict` (only values of the declared
   * JSON type).
   */
  readonly coercion?: CoercionMode;
  /**
   * Duplicate filter against D (the existing instances and the slots' source instances) and
   * within the event (each slot against lower-numbered slots' candidates). `false` turns it off.
   */
  readonly duplicates?:
    | false
    | {
        /**
         * Jaccard similarity of input shingles at or above which a candidate with the same gold
         * is a near-duplicate. Default 0.9; above 1 checks exact duplicates only.
         */
        readonly nearThreshold?: number;
      };
  /**
   * Leakage check against the holdout inputs (Forge passes validation only: SPEC §2 lets the
   * test set decide nothing; test overlap is audited after the run instead). Active when a
   * holdout is given; `false` turns it off.
   */
  readonly leakage?:
    | false
    | {
        /** n of the word n-grams compared. Default 5. */
        readonly ngramSize?: number;
        /** Share of a holdout item's n-grams found in a candidate that counts as a leak. Default 0.5. */
        readonly threshold?: number;
      };
}

/** Guard settings with defaults filled in; `undefined` means the guard is off. */
export interface ResolvedGuards {
  readonly coercion: CoercionMode;
  readonly duplicates?: { readonly nearThreshold: number };
  readonly leakage?: { readonly ngramSize: number; readonly threshold: number };
}

/** Default near-duplicate threshold. */
export const defaultNearDuplicateThreshold = 0.9;
/** Default leakage n-gram size. */
export const defaultLeakageNgramSize = 5;
/** Default leakage overlap threshold. */
export const defaultLeakageThreshold = 0.5;

/**
 * Fills in defaults and checks ranges.
 *
 * @throws InvalidArgumentError naming the bad setting.
 */
export function resolveGuards(options: SynthesisGuardOptions | undefined): ResolvedGuards {
  const duplicates = options?.duplicates;
  const leakage = options?.leakage;
  const nearThreshold =
    duplicates === false ? undefined : (duplicates?.nearThreshold ?? defaultNearDuplicateThreshold);
  if (nearThreshold !== undefined && !(nearThreshold > 0)) {
    throw invalid('guards.duplicates.nearThreshold', `a number above 0, got ${nearThreshold}`);
  }
  const ngramSize = leakage === false ? undefined : (leakage?.ngramSize ?? defaultLeakageNgramSize);
  if (ngramSize !== undefined && (!Number.isInteger(ngramSize) || ngramSize < 1)) {
    throw invalid('guards.leakage.ngramSize', `a positive integer, got ${ngramSize}`);
  }
  const threshold = leakage === false ? undefined : (leakage?.threshold ?? defaultLeakageThreshold);
  if (threshold !== undefined && !(threshold > 0 && threshold <= 1)) {
    throw invalid('guards.leakage.threshold', `a number in (0, 1], got ${threshold}`);
  }
  const coercion = options?.coercion ?? 'lossless';
  if (coercion !== 'lossless' && coercion !== 'strict') {
    throw invalid('guards.coercion', `"lossless" or "strict", got ${JSON.stringify(coercion)}`);
  }
  return {
    coercion,
    ...(nearThreshold === undefined ? {} : { duplicates: { nearThreshold } }),
    ...(ngramSize === undefined || threshold === undefined
      ? {}
      : { leakage: { ngramSize, threshold } }),
  };
}

function invalid(argument: string, expected: string): InvalidArgumentError {
  return new InvalidArgumentError({ argument, message: `${argument}: expected ${expected}` });
}
