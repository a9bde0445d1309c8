import type { AssignmentNoOpReason } from '../state/failure-memory-state.js';

/** What one assigner answer did to the memory. */
export type AssignmentOutcome =
  | {
      /** A new mode was created with the observation as its first support. */
      readonly action: 'create';
      /** Id of the new mode. */
      readonly modeId: string;
      /** Its name. */
      readonly name: string;
    }
  | {
      /** The observation was appended to an existing mode. */
      readonly action: 'assign';
      /** Id of the mode. */
      readonly modeId: string;
      /** Its name. */
      readonly name: string;
    }
  | {
      /** A mode was renamed (or only re-described), then the observation appended to it. */
      readonly action: 'rename';
      /** Id of the mode. */
      readonly modeId: string;
      /** Its new name. */
      readonly name: string;
      /** Its name before. */
      readonly previousName: string;
    }
  | {
      /** Nothing changed except the no-op counter. */
      readonly action: 'no-op';
      /** Why the answer could not be applied. */
      readonly reason: AssignmentNoOpReason;
      /** Human-readable specifics (which key, which name). */
      readonly detail: string;
    };
