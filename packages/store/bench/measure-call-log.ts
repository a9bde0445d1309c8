// Measures what saving a cached answer with its call's record costs (the recorder computes the
// call's cache key a second time): calls per second through the default middleware stack with
// the run database's cache and recorder, paired (as every Forge run opens them) and unpaired.
// Run: pnpm --filter @forge/store exec tsx bench/measure-call-log.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyDefaultMiddleware, type LanguageModel } from '@forge/provider';
import { openRunDatabase, SqliteCallCache, SqliteCallRecorder } from '../src/index.js';

const calls = 20_000;
const promptCharacters = 4_000;
const root = mkdtempSync(join(tmpdir(), 'forge-call-log-bench-'));

// Answers at once, so the cost measured is the middleware's and the store's.
const instant: LanguageModel = {
  specificationVersion: 'v1',
  provider: 'bench',
  modelId: 'instant',
  async generate() {
    return {
      text: 'an answer of a few words',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 1_000, outputTokens: 6 },
    };
  },
};

async function measure(paired: boolean, round: number): Promise<number> {
  const database = openRunDatabase(join(root, `${paired ? 'paired' : 'unpaired'}-${round}`));
  const model = applyDefaultMiddleware(instant, {
    cache: new SqliteCallCache(database, { holdUntilRecorded: paired }),
    recorder: new SqliteCallRecorder(database, { releaseCachedAnswers: paired }),
    retry: false,
    timeoutMs: false,
  });
  const filler = 'x'.repeat(promptCharacters);
  const started = performance.now();
  // Waves of 64 calls in flight, as a validation pass makes them.
  for (let index = 0; index < calls; index += 64) {
    await Promise.all(
      Array.from({ length: Math.min(64, calls - index) }, (_, offset) =>
        model.generate({
          messages: [{ role: 'user', content: `${index + offset} ${filler}` }],
          metadata: { role: 'task' },
        }),
      ),
    );
  }
  database.close();
  return performance.now() - started;
}

for (let round = 0; round < 3; round++) {
  const unpaired = await measure(false, round);
  const paired = await measure(true, round);
  console.log(
    `round ${round + 1}: ${calls} calls of ${promptCharacters} characters — unpaired ${((unpaired * 1000) / calls).toFixed(1)} µs/call, paired ${((paired * 1000) / calls).toFixed(1)} µs/call (×${(paired / unpaired).toFixed(2)})`,
  );
}
rmSync(root, { recursive: true, force: true });
