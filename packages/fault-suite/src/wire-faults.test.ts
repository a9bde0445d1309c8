import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultKinds } from '@forge/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { runFaultTrial } from './fault-trial.js';

// Forge on the simulated benchmark over the Anthropic and Ollama wires (the adapters' loopback
// test servers, answering from the simulated models), with 15% of the calls hit by faults. The
// OpenAI wire is tested the same way through `forge optimize` in apps/cli.
const root = mkdtempSync(join(tmpdir(), 'forge-wire-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Every kind at the same weight but `slow`, which costs a whole client timeout (5 s) of waiting
// each time: a few of it show the retry as well as many would.
const weights = {
  ...Object.fromEntries(faultKinds.map((kind) => [kind, 1])),
  slow: 0.2,
};

describe.each(['anthropic', 'ollama'] as const)(
  'over the %s wire with faults on 0.15 of the calls',
  (wire) => {
    it('finishes identical to a fault-free run, retries each injected fault once, caches no failure and pays nothing twice', async () => {
      const trial = await runFaultTrial({ wire, rate: 0.15, seed: 23, workDir: root, weights });
      expect(trial.identical).toBe(true);
      expect(trial.faulty.decisions).toEqual(trial.clean.decisions);
      expect(trial.sameCache).toBe(true);
      expect(trial.repaid).toBe(0);
      const injected = Object.values(trial.faults).reduce((sum, count) => sum + count, 0);
      expect(injected).toBeGreaterThan(50);
      for (const kind of faultKinds) expect(trial.faults[kind], kind).toBeGreaterThan(0);
      expect(trial.faulty.retries).toEqual(trial.expectedRetries);
      expect(trial.retryEvents).toBe(injected);
      expect(trial.clean.retries).toEqual({});
    }, 240_000);
  },
);
