// A writer for the reader/writer test: runs a long toy search in the given run directory and
// prints `commit <n>` after every commit, so the test can watch it make progress.
import { type RunCommit, runSearch } from '@forge/core';
import { SqliteRunStore } from '../sqlite-run-store.js';
import { toyRunOptions } from './toy-run.js';

const [runDir, steps] = process.argv.slice(2) as [string, string];
let commits = 0;
class ReportingStore extends SqliteRunStore {
  override async append(commit: RunCommit): Promise<void> {
    await super.append(commit);
    commits += 1;
    process.stdout.write(`commit ${commits}\n`);
  }
}
const store = new ReportingStore(runDir, { backupIntervalMs: false });
await runSearch(toyRunOptions({ store, maxEvaluations: 1_000_000, maxSteps: Number(steps) }));
store.close();
process.stdout.write('done\n');
