import type { MethodHistoryPoint, MethodUsage } from '@forge/method';
import type { EvaluatedExecution } from '@forge/program';
import type { TagCounts } from '../playbook/apply-bullet-tags.js';
import type { CurationEffect } from '../playbook/curate-playbook.js';
import type { Playbook } from '../playbook/playbook.js';

/** A validated playbook: one candidate of the run. */
export interface AceCandidate {
  /** Candidate index; 0 is the seed (the empty playbook). */
  readonly index: number;
  /** The candidate validated before it (the playbook it grew from); null for the seed. */
  readonly parent: number | null;
  /** Why it was validated: the seed, an epoch's end, `evalSteps`, or the run's last playbook. */
  readonly origin: 'seed' | 'epoch-end' | 'eval-steps' | 'final';
  /** Training samples done when it was validated. */
  readonly step: number;
  /** The epoch it belongs to (0-based). */
  readonly epoch: number;
  /** Mean validation score. */
  readonly validation: number;
  /** Score per validation instance, in validation order. */
  readonly scores: readonly number[];
  /** The playbook. */
  readonly playbook: Playbook;
  /** Evaluations spent when its validation pass ended. */
  readonly evaluationsUsed: number;
}

/** Running counts of what the roles did, for `result.json` and reports. */
export interface AceTallies {
  /** Reflector calls. */
  readonly reflections: number;
  /** Reflector answers that could not be read. */
  readonly reflectionsMalformed: number;
  /** Tags applied, by kind (unknown = naming no bullet). */
  readonly tags: TagCounts;
  /** Tag entries dropped as unreadable. */
  readonly invalidTags: number;
  /** Curator calls. */
  readonly curations: number;
  /** Curator answers that could not be read (no operations applied). */
  readonly curationsMalformed: number;
  /** Operations applied, by type. */
  readonly applied: Readonly<Record<string, number>>;
  /** Operations rejected, by reason. */
  readonly rejected: Readonly<Record<string, number>>;
  /** Duplicate bullets folded together. */
  readonly duplicatesMerged: number;
  /** Bullets evicted for the token budget. */
  readonly evicted: number;
  /** New bullets dropped for the token budget. */
  readonly dropped: number;
  /** Deltas undone because they could not fit the budget. */
  readonly reverted: number;
  /** Samples first answered right. */
  readonly initiallyCorrect: number;
  /** Samples answered right after reflect-and-regenerate rounds (the early stop of the rounds). */
  readonly corrected: number;
  /** Samples still wrong after the last round. */
  readonly unresolved: number;
  /** Reflect-and-regenerate rounds run. */
  readonly rounds: number;
  /** Validation passes skipped because the playbook had not changed since the last one. */
  readonly validationsSkipped: number;
}

/** ACE's whole run state: plain JSON, saved after every unit of work. */
export interface AceState {
  /** Training samples processed so far. */
  readonly step: number;
  /** The current epoch (0-based); equals the epochs completed once the run has finished them. */
  readonly epoch: number;
  /** Samples of the current epoch processed. */
  readonly position: number;
  /** Task evaluations spent (SPEC §3's count). */
  readonly evaluationsUsed: number;
  /** The current playbook. */
  readonly playbook: Playbook;
  /** A validation pass the schedule asks for before the next sample; null when none. */
  readonly validationDue: 'epoch-end' | 'eval-steps' | null;
  /** True when a bullet was added, changed or removed in the current epoch. */
  readonly epochChanged: boolean;
  /** Whether the last completed epoch changed a bullet; null before the first ends. */
  readonly lastEpochChanged: boolean | null;
  /** Epochs completed. */
  readonly epochsCompleted: number;
  /** Samples of the current epoch first answered right / right after curation. */
  readonly epochCorrect: { readonly initial: number; readonly afterCuration: number };
  /** Validated playbooks, in order. */
  readonly candidates: readonly AceCandidate[];
  /** Index of the best candidate (highest mean validation, earliest on ties). */
  readonly best: number;
  /** Best validation against evaluations, one point per candidate. */
  readonly history: readonly MethodHistoryPoint[];
  /** Model usage by role. */
  readonly usage: MethodUsage;
  /** Counts of what the roles did. */
  readonly tallies: AceTallies;
  /** Why the run ended on its own (epochs done, converged); null while it can continue. */
  readonly finished: string | null;
}

/** One reflector call of a sample. */
export interface ReflectionRecord {
  /** 0 for the reflection on a first answer that was right, else the round (1-based). */
  readonly round: number;
  /** Whether the answer could be read. */
  readonly outcome: 'parsed' | 'malformed';
  /** Why it could not, when malformed. */
  readonly reason?: string;
  /** The kind of problem, when malformed (`truncated`, `empty`, `invalid-json`, `invalid-answer`). */
  readonly code?: string;
  /** Tags applied. */
  readonly tags: TagCounts;
  /** Tag entries dropped. */
  readonly invalidTags: number;
}

/** The curator's part of a sample. */
export type CurationRecord =
  | { readonly outcome: 'skipped' }
  | {
      readonly outcome: 'malformed';
      readonly reason: string;
      /** The kind of problem (`truncated`, `empty`, `invalid-json`, `invalid-answer`). */
      readonly code?: string;
    }
  | ({ readonly outcome: 'applied' } & Omit<CurationEffect, 'playbook'>);

/** Model usage of one or more calls of a role. */
export interface UsageEntry {
  /** The role (`task`, `reflect`, `curate`). */
  readonly role: string;
  /** Calls. */
  readonly calls: number;
  /** Input tokens. */
  readonly inputTokens: number;
  /** Output tokens. */
  readonly outputTokens: number;
  /** USD, when priced. */
  readonly costUsd: number;
}

/** What training on one sample did. */
export interface SampleOutcome {
  /** The training instance. */
  readonly instanceId: string;
  /** Task evaluations it spent. */
  readonly evaluations: number;
  /** Score of the first answer. */
  readonly initialScore: number;
  /** Score after the reflect-and-regenerate rounds (the first answer's when none ran). */
  readonly finalScore: number;
  /** Score of the post-curation answer; null when `evaluateAfterCuration` is off. */
  readonly postScore: number | null;
  /** Rounds run. */
  readonly rounds: number;
  /** True when a round made the answer right. */
  readonly corrected: boolean;
  /** Each reflector call. */
  readonly reflections: readonly ReflectionRecord[];
  /** The curation. */
  readonly curation: CurationRecord;
  /** The playbook after the sample. */
  readonly playbook: Playbook;
  /** Model usage. */
  readonly usage: readonly UsageEntry[];
  /** What the report shows of the sample (not part of the state): the answers and the curator's operations. */
  readonly transcript?: SampleTranscript;
}

/** The optimizer's answers of one sample, and the operations the curator wrote, for the report. */
export interface SampleTranscript {
  /** Every reflector and curator answer, whole, in call order. */
  readonly answers: readonly { readonly role: string; readonly text: string }[];
  /** The curator's operations as it wrote them (invalid ones included); empty when it did not run. */
  readonly operations: readonly unknown[];
  /** The first answer's execution (the playbook before the sample; its score is `initialScore`). */
  readonly first?: EvaluatedExecution;
  /** The post-curation answer's execution (its score is `postScore`), when it was evaluated. */
  readonly afterCuration?: EvaluatedExecution;
}

/** The tallies of a fresh run. */
export function emptyTallies(): AceTallies {
  return {
    reflections: 0,
    reflectionsMalformed: 0,
    tags: { helpful: 0, harmful: 0, neutral: 0, unknown: 0 },
    invalidTags: 0,
    curations: 0,
    curationsMalformed: 0,
    applied: {},
    rejected: {},
    duplicatesMerged: 0,
    evicted: 0,
    dropped: 0,
    reverted: 0,
    initiallyCorrect: 0,
    corrected: 0,
    unresolved: 0,
    rounds: 0,
    validationsSkipped: 0,
  };
}
