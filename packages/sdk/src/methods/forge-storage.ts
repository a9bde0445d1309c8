import type { RunStore } from '@forge/core';
import type { MethodStorage } from '@forge/method';
import type { SynthesisJournal } from '@forge/synth';

/**
 * The storage a host gives Forge's own variants: besides the generic checkpoints, the core's
 * run store (whose derived tables the run report reads) and the synthesis journal.
 */
export interface ForgeStorage extends MethodStorage {
  /** Where the search's action log and derived tables are saved. */
  readonly runStore: RunStore;
  /** Where finished synthesis attempts are kept across a resume. */
  readonly synthesisJournal: SynthesisJournal;
}

/** True when a host's storage carries Forge's run store (the sdk's run directories do). */
export function isForgeStorage(storage: MethodStorage): storage is ForgeStorage {
  return 'runStore' in storage && 'synthesisJournal' in storage;
}
