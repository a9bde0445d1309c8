import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimWorld } from '@forge/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

// A SIMULATED optimizer model that misbehaves as real models do on ~30% of its answers
// (reasoning block first, chatter around, a fence around everything, cut off at the token limit,
// empty): every method survives it, keeps to its budget, still improves on the seed, and counts
// the answers it could not use, by role.
const root = mkdtempSync(join(tmpdir(), 'forge-optimize-misbehaving-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const budget = 300;
const unusableByMethod = new Map<string, number>();

describe('every method under a misbehaving optimizer model', () => {
  for (const method of ['forge', 'gepa', 'gepa-merge', 'ace', 'mipro']) {
    it(`${method}: finishes within budget, improves, and reports its unusable answers`, async () => {
      const world = createSimWorld({ misbehaveRate: 0.3, malformedRate: 0 });
      const runDir = join(root, method);
      const events: ForgeEvent[] = [];
      const result = await optimize(
        {
          benchmark: world.benchmark,
          taskModel: world.taskModel,
          optimizerModel: world.optimizerModel,
          method,
          budget: { maxEvaluations: budget },
          runDir,
        },
        { onEvent: (event) => events.push(event) },
      );
      expect(result.reason).not.toBe('error');
      expect(result.evaluationsUsed).toBeLessThanOrEqual(budget);
      expect(result.bestScore).toBeGreaterThan(result.seedScore);

      const answers = events.filter((event) => event.type === 'optimizer-answer');
      expect(answers.length).toBeGreaterThan(0);
      const roles = Object.keys(result.answers);
      expect(roles.length).toBeGreaterThan(0);
      let unusable = 0;
      for (const role of roles) {
        const counted = result.answers[role];
        const seen = answers.filter((event) => event.role === role);
        expect(counted?.total, role).toBe(seen.length);
        expect(counted?.unusable, role).toBe(seen.filter((event) => !event.usable).length);
        unusable += counted?.unusable ?? 0;
      }
      // Only the cut-off and empty forms are unusable (about 2/5 of 30%): the reasoning block,
      // the chatter and the fence are read through, so no role loses most of its answers.
      for (const role of Object.values(result.answers)) {
        expect(role.unusable).toBeLessThan(role.total / 2);
        for (const reason of Object.keys(role.reasons))
          expect(['truncated', 'empty']).toContain(reason);
      }
      unusableByMethod.set(method, unusable);
      const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
      expect(saved.answers).toEqual(result.answers);
    }, 60_000);
  }

  it('counted unusable answers in the methods that made enough calls to meet some', () => {
    // A handful of MIPROv2 proposals may all escape the 12% chance; the busier methods do not.
    for (const method of ['forge', 'gepa', 'ace']) {
      expect(unusableByMethod.get(method), method).toBeGreaterThan(0);
    }
  });
});
