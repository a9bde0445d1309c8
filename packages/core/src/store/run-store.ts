import type { EvaluatedExecution, Prompts } from '@forge/program';
import type { SearchEvent } from '../events/search-event.js';
import type { SearchAction } from '../state/search-action.js';
import type { SearchState } from '../state/search-state.js';

/** What identifies a run: a resumed run must match it exactly. */
export interface RunHeader {
  /** Version of the saved format. */
  readonly formatVersion: 1;
  /** The run's seed. */
  readonly seed: number | string;
  /** Minibatch size. */
  readonly minibatchSize: number;
  /** Module names in order. */
  readonly modules: readonly string[];
  /** The seed candidate. */
  readonly seedPrompts: Prompts;
  /** Original training ids, in order. */
  readonly trainingIds: readonly string[];
  /** Validation ids, in order. */
  readonly validationIds: readonly string[];
  /** Settings that change decisions (patience, attempts, epochs, variant…), compared on resume. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** What a step's reflector answered: its raw text and the prompt it proposed. */
export interface ReflectionDetail {
  /** The step. */
  readonly step: number;
  /** The parent the step reflected on. */
  readonly parent: number;
  /** The module whose prompt the reflector rewrote. */
  readonly module: string;
  /** The reflector's whole answer, as the model returned it. */
  readonly responseText: string;
  /** The proposed prompt for `module`; absent when the answer was a no-op. */
  readonly prompt?: string;
}

/** The task evaluations of one validation pass (the seed's, or an accepted candidate's). */
export interface ValidationPassDetail {
  /** The candidate evaluated. */
  readonly candidate: number;
  /** Its evaluation of every validation instance, in validation order. */
  readonly evaluations: readonly EvaluatedExecution[];
}

/**
 * What a commit saw beyond its actions: kept by stores that show it in reports (outputs, traces,
 * reflections). Nothing replays it, so the action log stays the source of truth and stays small.
 */
export interface CommitDetails {
  /** The step's reflection, when it reached the reflector. */
  readonly reflection?: ReflectionDetail;
  /** The validation pass the commit paid for, when it ran one. */
  readonly validation?: ValidationPassDetail;
}

/** One atomic unit of saved progress: the actions of one step (or of the seed evaluation, or of a synthesis event). */
export interface RunCommit {
  /** Actions to append to the log, in order. */
  readonly actions: readonly SearchAction[];
  /** Events emitted while producing them (for stores that keep an event table). */
  readonly events: readonly SearchEvent[];
  /** The state after applying the actions (for stores that keep derived tables). */
  readonly state: SearchState;
  /** What the commit saw beyond its actions (for stores that keep it for reports). */
  readonly details?: CommitDetails;
}

/**
 * Where a run is saved (owned by the core; `@forge/store` implements it on SQLite). The action
 * log is the source of truth: replaying it through `reduceSearch` rebuilds the state.
 */
export interface RunStore {
  /** The saved header and action log, or undefined when nothing is saved yet. */
  load(): Promise<{ header: RunHeader; actions: SearchAction[] } | undefined>;
  /** Saves the header of a new run. */
  initialize(header: RunHeader): Promise<void>;
  /** Appends one commit atomically: all of it is saved, or none of it. */
  append(commit: RunCommit): Promise<void>;
}

/**
 * A `RunStore` in memory: for tests and for runs that need no persistence. It keeps the action
 * log (the source of truth) and the latest state only, so its memory grows with the log, not
 * with the number of commits times the size of a state. Tests that inspect every commit (its
 * state, events and details) ask for them with `keepCommits`.
 */
export class MemoryRunStore implements RunStore {
  private header: RunHeader | undefined;
  private readonly actions: SearchAction[] = [];
  private readonly kept: RunCommit[] | undefined;
  private count = 0;
  private latest: SearchState | undefined;

  constructor(options: { readonly keepCommits?: boolean } = {}) {
    this.kept = options.keepCommits === true ? [] : undefined;
  }

  /** Commits appended so far. */
  get commitCount(): number {
    return this.count;
  }

  /** The state of the latest commit, or undefined before the first. */
  get latestState(): SearchState | undefined {
    return this.latest;
  }

  /** Every commit appended, in order. @throws Error unless created with `keepCommits`. */
  get commits(): readonly RunCommit[] {
    if (this.kept === undefined) {
      throw new Error('MemoryRunStore: create it with { keepCommits: true } to read every commit');
    }
    return this.kept;
  }

  async load(): Promise<{ header: RunHeader; actions: SearchAction[] } | undefined> {
    return this.header === undefined
      ? undefined
      : { header: this.header, actions: [...this.actions] };
  }

  async initialize(header: RunHeader): Promise<void> {
    if (this.header !== undefined)
      throw new Error('MemoryRunStore: the run is already initialized');
    this.header = header;
  }

  async append(commit: RunCommit): Promise<void> {
    if (this.header === undefined) throw new Error('MemoryRunStore: initialize the run first');
    for (const action of commit.actions) this.actions.push(action);
    this.kept?.push(commit);
    this.count++;
    this.latest = commit.state;
  }
}
