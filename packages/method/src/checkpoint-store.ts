/** What identifies a method's run: a resumed run must match it exactly. */
export interface CheckpointHeader {
  /** The method's id. */
  readonly method: string;
  /** Version of the method's saved state shape. */
  readonly formatVersion: number;
  /**
   * Everything that changes the method's decisions (seed, settings, module names, data ids…),
   * as plain JSON; resuming with a different identity is refused.
   */
  readonly identity: Readonly<Record<string, unknown>>;
}

/** A fact a method saves for reports and audits (not needed to resume). */
export interface CheckpointRecord {
  /** What the record describes, kebab-case: `candidate`, `iteration`, `merge`, `playbook`, `trial`… */
  readonly kind: string;
  /** The method's step counter it belongs to; null when none. */
  readonly step: number | null;
  /** Plain JSON data. */
  readonly data: unknown;
}

/** What a store holds for a run. */
export interface SavedCheckpoint {
  /** The header the run was initialized with. */
  readonly header: CheckpointHeader;
  /** The latest saved state; undefined when the run was initialized but never saved. */
  readonly state: unknown;
  /** Saves so far (0 when none). */
  readonly saves: number;
}

/**
 * Where a method saves its progress (the host backs it by the run directory's database). A
 * method saves its whole state as plain data after every unit of work; resuming loads the
 * latest state and continues from there. Model answers already paid for come from the run's
 * call cache, so work cut off between two saves is redone without paying twice.
 */
export interface CheckpointStore {
  /** The saved run, or undefined when nothing was saved yet. */
  load(): Promise<SavedCheckpoint | undefined>;
  /** Starts a new run. */
  initialize(header: CheckpointHeader): Promise<void>;
  /** Atomically replaces the latest state and appends the records: all of it, or none. */
  save(commit: {
    readonly state: unknown;
    readonly records: readonly CheckpointRecord[];
  }): Promise<void>;
  /** Every record appended so far, in order. */
  records(): Promise<CheckpointRecord[]>;
}

/** A `CheckpointStore` in memory, for tests and runs that need no persistence. */
export class MemoryCheckpointStore implements CheckpointStore {
  private header: CheckpointHeader | undefined;
  private state: string | undefined;
  private saves = 0;
  private readonly saved: CheckpointRecord[] = [];

  async load(): Promise<SavedCheckpoint | undefined> {
    if (this.header === undefined) return undefined;
    return {
      header: this.header,
      // A JSON round trip, as a database would do: the caller never shares our objects.
      state: this.state === undefined ? undefined : JSON.parse(this.state),
      saves: this.saves,
    };
  }

  async initialize(header: CheckpointHeader): Promise<void> {
    if (this.header !== undefined)
      throw new Error('MemoryCheckpointStore: the run is already initialized');
    this.header = header;
  }

  async save(commit: {
    readonly state: unknown;
    readonly records: readonly CheckpointRecord[];
  }): Promise<void> {
    if (this.header === undefined)
      throw new Error('MemoryCheckpointStore: initialize the run first');
    this.state = JSON.stringify(commit.state);
    this.saves += 1;
    for (const record of commit.records) this.saved.push(JSON.parse(JSON.stringify(record)));
  }

  async records(): Promise<CheckpointRecord[]> {
    return [...this.saved];
  }
}
