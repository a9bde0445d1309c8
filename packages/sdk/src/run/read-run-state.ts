import { createSearchState, type RunHeader, reduceSearch, type SearchState } from '@forge/core';
import { openRunDatabase, SqliteRunStore } from '@forge/store';

/** Rebuilds a saved run's state by replaying its action log, reading the database only. */
export async function readRunState(
  runDir: string,
): Promise<{ header: RunHeader; state: SearchState }> {
  const store = new SqliteRunStore(runDir, {
    database: openRunDatabase(runDir, { readonly: true }),
  });
  try {
    const saved = await store.load();
    if (saved === undefined) throw new Error(`${runDir} holds no saved run`);
    let state = createSearchState({
      seed: saved.header.seed,
      modules: saved.header.modules,
      minibatchSize: saved.header.minibatchSize,
      trainingIds: saved.header.trainingIds,
      validationIds: saved.header.validationIds,
    });
    for (const action of saved.actions) state = reduceSearch(state, action);
    return { header: saved.header, state };
  } finally {
    store.close();
  }
}
