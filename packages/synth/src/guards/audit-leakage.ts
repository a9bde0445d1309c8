import type { Instance, Signature } from '@forge/program';
import { defaultLeakageNgramSize, defaultLeakageThreshold } from './guard-options.js';
import { LeakageIndex } from './leakage-index.js';

/** One synthetic instance found to overlap an evaluation instance. */
export interface LeakageAuditMatch {
  /** The synthetic instance (`syn-<event>-<slot>`). */
  readonly syntheticId: string;
  /** The evaluation instance it overlaps. */
  readonly matchedId: string;
  /** Share of that instance's input n-grams found in the synthetic input (1 for a copy). */
  readonly overlap: number;
}

/** The audit of one evaluation partition. */
export interface LeakagePartitionAudit {
  /** Instances in the partition. */
  readonly size: number;
  /** Every synthetic instance that overlaps one of them, in the synthetic order. */
  readonly matches: readonly LeakageAuditMatch[];
}

/** A post-hoc check of admitted data against the evaluation sets (the paper's D.2). */
export interface LeakageAudit {
  /** How overlap was judged, in words, so a reader knows what "no match" means. */
  readonly criterion: string;
  /** n of the word n-grams compared. */
  readonly ngramSize: number;
  /** Overlap at or above which an instance counts as a match. */
  readonly threshold: number;
  /** Synthetic instances checked. */
  readonly checked: number;
  /** Results by partition name (`validation`, `test`). */
  readonly partitions: Readonly<Record<string, LeakagePartitionAudit>>;
}

/**
 * Audits synthetic instances against evaluation partitions after a run, as the paper's D.2 does
 * for validation and test. Nothing here feeds back into the run: the test set decides nothing
 * (SPEC §2), it is only reported on. The criterion is the leakage guard's lexical one, so it
 * catches copies and light edits, not thorough paraphrases (D.2 also used a model and a person).
 */
export function auditLeakage(options: {
  readonly signature: Signature;
  readonly synthetic: readonly Instance[];
  readonly partitions: Readonly<Record<string, readonly Instance[]>>;
  readonly ngramSize?: number;
  readonly threshold?: number;
}): LeakageAudit {
  const ngramSize = options.ngramSize ?? defaultLeakageNgramSize;
  const threshold = options.threshold ?? defaultLeakageThreshold;
  const partitions: Record<string, LeakagePartitionAudit> = {};
  for (const [name, instances] of Object.entries(options.partitions)) {
    const index = new LeakageIndex(options.signature, ngramSize, threshold, instances);
    const matches: LeakageAuditMatch[] = [];
    for (const instance of options.synthetic) {
      const match = index.find(instance);
      if (match !== undefined)
        matches.push({
          syntheticId: instance.id,
          matchedId: match.matchedId,
          overlap: match.overlap,
        });
    }
    partitions[name] = { size: instances.length, matches };
  }
  return {
    criterion: `input word ${ngramSize}-grams: a synthetic input reproducing at least ${Math.round(threshold * 100)}% of an evaluation input's n-grams matches it (lexical; copies and light edits, not paraphrases)`,
    ngramSize,
    threshold,
    checked: options.synthetic.length,
    partitions,
  };
}
