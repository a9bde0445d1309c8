/**
 * One delta operation the curator may emit (the reference's curator schema). ACE never rewrites
 * the playbook: every change is one of these, addressed to bullets by id, and the code applies
 * them deterministically.
 */
export type CuratorOperation =
  | {
      readonly type: 'ADD';
      /** The section to file the new bullet under. */
      readonly section: string;
      /** The advice. */
      readonly content: string;
      /** The module whose prompt shows it; null or absent for every module. */
      readonly module: string | null;
    }
  | {
      readonly type: 'UPDATE';
      /** The bullet to rewrite. */
      readonly bulletId: string;
      /** Its new content; id, section, scope and counters stay. */
      readonly content: string;
    }
  | {
      readonly type: 'MERGE';
      /** Two or more bullets to combine; the first keeps its id, the counters are summed. */
      readonly sourceIds: readonly string[];
      /** The merged content; absent keeps the first bullet's content. */
      readonly content: string | undefined;
    }
  | {
      readonly type: 'DELETE';
      /** The bullet to remove. */
      readonly bulletId: string;
    };

/** An operation the curator wrote that could not be read as one of the four forms. */
export interface InvalidOperation {
  readonly type: 'INVALID';
  /** The `type` it named, when it named one. */
  readonly named: string | undefined;
  /** Why it was not read: `unsupported-operation` or `invalid-operation`. */
  readonly reason: 'unsupported-operation' | 'invalid-operation';
  /** What was wrong, in words. */
  readonly detail: string;
}

/** What the curator's answer held at one position of its `operations` list. */
export type ParsedOperation = CuratorOperation | InvalidOperation;
