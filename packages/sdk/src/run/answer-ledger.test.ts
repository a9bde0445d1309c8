import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OptimizerAnswerEvent } from '@forge/method';
import { readRunAnswers, SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { openAnswerLedger } from './answer-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'forge-answer-ledger-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const answer = (step: number, usable = true): OptimizerAnswerEvent => ({
  type: 'optimizer-answer',
  role: 'reflect',
  usable,
  ...(usable ? {} : { reason: 'no-block', excerpt: `answer of step ${step}` }),
  step,
});

/** Observes the answers of `steps` (an unusable one at every odd step) in a fresh ledger. */
function answerSteps(store: SqliteRunStore, steps: readonly number[]): void {
  const ledger = openAnswerLedger(store, { liveWarnings: false });
  for (const step of steps) ledger.observe(answer(step, step % 2 === 0));
}

describe('the answer ledger', () => {
  it('counts the answers of the steps a resumed run runs again once, as an uninterrupted run does', () => {
    const uninterrupted = new SqliteRunStore(join(root, 'uninterrupted'));
    answerSteps(uninterrupted, [0, 1, 2, 3, 4]);
    const expected = readRunAnswers(uninterrupted.database);
    uninterrupted.close();

    // Killed during step 3, after its answer was saved; the run's last saved step is 2.
    const resumed = new SqliteRunStore(join(root, 'resumed'));
    answerSteps(resumed, [0, 1, 2, 3]);
    expect(readRunAnswers(resumed.database)['reflect']?.total).toBe(4);
    answerSteps(resumed, [3, 4]);
    expect(readRunAnswers(resumed.database)).toEqual(expected);
    expect(expected['reflect']).toMatchObject({ total: 5, unusable: 2 });
    resumed.close();
  });

  it('keeps every earlier answer when the resumed run picks up after them', () => {
    const store = new SqliteRunStore(join(root, 'after'));
    answerSteps(store, [0, 1]);
    answerSteps(store, [2]);
    expect(readRunAnswers(store.database)['reflect']).toMatchObject({ total: 3, unusable: 1 });
    store.close();
  });
});
