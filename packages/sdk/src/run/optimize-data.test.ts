import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Method } from '@forge/method';
import { DatasetError } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBenchmarkPackage } from '../benchmarks/benchmark-registry.js';
import { ConfigError } from '../config/config-error.js';
import { synthesisGuards } from '../methods/forge-method-settings.js';
import { registerMethod } from '../methods/method-registry.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

const root = mkdtempSync(join(tmpdir(), 'forge-optimize-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations = 100_000) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations, stopAtCompletion: true },
  runDir,
});

const simSplits = async () =>
  (await (await loadBenchmarkPackage('sim')).createBenchmark({})).loadSplits();

// A method that "admits" a copy of a test item: it never sees the test split, so the test builds
// the copy and hands it in through the method's settings.
const copying: Method = {
  id: 'copies-an-item',
  title: 'Copies an item',
  description: 'Test method: returns given instances as its synthetic data.',
  roles: [],
  parseSettings: (raw) => raw,
  async run(context) {
    const synthetic = context.settings['synthetic'] as never;
    const v = context.validation.length;
    return {
      stopReason: 'done',
      seedCandidate: context.seedCandidate,
      bestCandidate: context.seedCandidate,
      bestCandidateIndex: 0,
      seedValidation: 0,
      bestValidation: 0,
      evaluationsUsed: v,
      steps: 0,
      candidates: 1,
      usage: {},
      history: [],
      syntheticInstances: synthetic,
    };
  },
};
registerMethod(copying);

describe('paper-faithful synthesis guards', () => {
  it('maps the config onto the synthesis options: on by default, off per guard', () => {
    expect(synthesisGuards(undefined)).toBeUndefined();
    expect(synthesisGuards({})).toEqual({});
    expect(synthesisGuards({ duplicates: true, leakage: false, coercion: 'strict' })).toEqual({
      leakage: false,
      coercion: 'strict',
    });
    expect(synthesisGuards({ duplicates: { nearThreshold: 0.8 } })).toEqual({
      duplicates: { nearThreshold: 0.8 },
    });
  });

  it('runs the duplicate guard by default, and not when it is switched off', async () => {
    const outcomes = async (name: string, guards?: object) => {
      const result = await optimize({
        ...simConfig(join(root, name)),
        evaluateTest: false,
        ...(guards === undefined ? {} : { guards }),
      });
      return result.result.summary?.['synthesisOutcomes'] as Record<string, number>;
    };
    // Simulated world, seed 0: one generated candidate repeats an instance already in D.
    expect((await outcomes('guards-default'))['duplicate']).toBeGreaterThan(0);
    const off = await outcomes('guards-off', { duplicates: false, leakage: false });
    expect(off['duplicate']).toBe(0);
    expect(off['leaked']).toBe(0);
    // Two whole simulated runs: seconds on an idle machine, more beside other test files.
  }, 60_000);

  it('names the field of a bad guard setting', async () => {
    await expect(
      optimize({ ...simConfig(join(root, 'bad-guard')), guards: { leakage: { threshold: 2 } } }),
    ).rejects.toThrow(expect.objectContaining({ field: 'guards.leakage.threshold' }));
    await expect(
      optimize({ ...simConfig(join(root, 'bad-guard')), guards: { coercion: 'loose' } as never }),
    ).rejects.toSatisfy((error: unknown) => ConfigError.isInstance(error));
  });

  it('audits the synthetic data against validation and test after the run (D.2), into result.json', async () => {
    const splits = await simSplits();
    const testItem = splits.test[0];
    if (testItem === undefined) throw new Error('the simulated world has a test split');
    const synthetic = [
      { ...testItem, id: 'syn-0-0' },
      {
        id: 'syn-0-1',
        input: { text: 'Nothing in here overlaps anything at all, really.' },
        gold: testItem.gold,
      },
    ];
    const runDir = join(root, 'audit');
    const result = await optimize({
      ...simConfig(runDir, 200),
      method: 'copies-an-item',
      methodSettings: { synthetic },
    });
    const audit = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')).leakageAudit;
    expect(audit).toEqual(result.leakageAudit);
    expect(audit.checked).toBe(2);
    expect(audit.partitions.test.size).toBe(splits.test.length);
    expect(audit.partitions.test.matches).toEqual([
      { syntheticId: 'syn-0-0', matchedId: testItem.id, overlap: 1 },
    ]);
    expect(audit.partitions.validation.size).toBe(splits.validation.length);

    const quiet = await optimize({
      ...simConfig(join(root, 'no-audit'), 200),
      method: 'copies-an-item',
      methodSettings: { synthetic },
      guards: { audit: false },
    });
    expect(quiet.leakageAudit).toBeUndefined();
  });
});

describe('extra training data (--extra-train)', () => {
  it("appends another run's admitted instances to the training split, and only to it", async () => {
    const source = await optimize({ ...simConfig(join(root, 'source')), evaluateTest: false });
    expect(source.admitted).toBeGreaterThan(0);
    const splits = await simSplits();
    const events: ForgeEvent[] = [];
    const runDir = join(root, 'augmented');
    const augmented = await optimize(
      {
        ...simConfig(runDir, 300),
        method: 'prompt-search',
        extraTrain: [join(source.runDir, 'synthetic.jsonl')],
        evaluateTest: false,
      },
      { onEvent: (event) => events.push(event) },
    );
    expect(augmented.extraTraining).toBe(source.admitted);
    expect(events.find((event) => event.type === 'run-prepared')).toMatchObject({
      sizes: {
        train: splits.train.length + source.admitted,
        validation: splits.validation.length,
        test: splits.test.length,
      },
    });
    const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    expect(saved.extraTraining).toBe(source.admitted);
    // The saved config holds the absolute path, so a resume finds the data from anywhere.
    const config = JSON.parse(readFileSync(join(runDir, 'config.json'), 'utf8'));
    expect(config.extraTrain).toEqual([join(source.runDir, 'synthetic.jsonl')]);
  });

  it('refuses a malformed line or a reused id, naming file, line and field', async () => {
    const splits = await simSplits();
    const trainItem = splits.train[0];
    if (trainItem === undefined) throw new Error('the simulated world has a training split');
    const badField = join(root, 'bad-field.jsonl');
    writeFileSync(
      badField,
      `\n${JSON.stringify({ input: { wrong: 'x' }, gold: trainItem.gold })}\n`,
    );
    const reused = join(root, 'reused.jsonl');
    writeFileSync(
      reused,
      `${JSON.stringify({ ...trainItem, id: 'fresh-1' })}\n\n${JSON.stringify(trainItem)}\n`,
    );
    for (const [file, line, field] of [
      [badField, 2, 'input.wrong'],
      [reused, 3, 'id'],
    ] as const) {
      const error = await optimize({
        ...simConfig(join(root, 'never'), 300),
        extraTrain: [file],
      }).catch((thrown: unknown) => thrown);
      expect(DatasetError.isInstance(error), String(error)).toBe(true);
      expect(error).toMatchObject({ file, line, field });
    }
  });
});
