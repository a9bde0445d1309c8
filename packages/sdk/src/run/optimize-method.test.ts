import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLimiter, evaluateMany, type Method, MethodSettingsError } from '@forge/method';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBenchmarkPackage } from '../benchmarks/benchmark-registry.js';
import { ConfigError } from '../config/config-error.js';
import { readConfigFile } from '../config/load-config.js';
import { registerMethod } from '../methods/method-registry.js';
import { optimize } from './optimize.js';
import type { ForgeEvent } from './sdk-events.js';

const root = mkdtempSync(join(tmpdir(), 'forge-optimize-method-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations = 300) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  runDir,
});

// A method that only validates the seed and one fixed alternative: enough to see the host run
// any `Method`, save its checkpoints and write its artifacts.
const calls: string[] = [];
const twoCandidates: Method = {
  id: 'two-candidates',
  title: 'Two candidates',
  description: 'Test method: the seed and the seed with a suffix.',
  roles: ['propose'],
  parseSettings(raw) {
    const suffix = raw['suffix'] ?? ' Be careful.';
    if (typeof suffix !== 'string')
      throw new MethodSettingsError({ field: 'suffix', message: 'suffix: must be a string' });
    return { suffix };
  },
  async run(context) {
    calls.push(context.runDir);
    const saved = await context.storage.checkpoints.load();
    if (saved === undefined)
      await context.storage.checkpoints.initialize({
        method: 'two-candidates',
        formatVersion: 1,
        identity: { seed: context.seed },
      });
    const limit = createLimiter(context.concurrency);
    const mean = async (prompts: Readonly<Record<string, string>>) => {
      const evaluated = await evaluateMany({
        program: context.benchmark.program,
        evaluate: context.benchmark.evaluate,
        model: context.models.task,
        prompts,
        instances: context.validation,
        limit,
      });
      return evaluated.reduce((sum, item) => sum + item.evaluation.score, 0) / evaluated.length;
    };
    const seed = context.seedCandidate.prompts;
    const other = Object.fromEntries(
      Object.entries(seed).map(([module, prompt]) => [
        module,
        `${prompt}${context.settings['suffix']}`,
      ]),
    );
    const seedScore = await mean(seed);
    const otherScore = await mean(other);
    const v = context.validation.length;
    await context.storage.checkpoints.save({
      state: { done: true },
      records: [{ kind: 'candidate', step: 0, data: { index: 1, validation: otherScore } }],
    });
    const best = otherScore > seedScore ? 1 : 0;
    return {
      stopReason: 'done',
      seedCandidate: { prompts: seed },
      bestCandidate: { prompts: best === 1 ? other : seed },
      bestCandidateIndex: best,
      seedValidation: seedScore,
      bestValidation: Math.max(seedScore, otherScore),
      evaluationsUsed: 2 * v,
      steps: 1,
      candidates: 2,
      usage: {},
      history: [
        {
          evaluationsUsed: v,
          candidate: 0,
          validation: seedScore,
          bestValidation: seedScore,
          bestCandidate: 0,
          step: null,
        },
        {
          evaluationsUsed: 2 * v,
          candidate: 1,
          validation: otherScore,
          bestValidation: Math.max(seedScore, otherScore),
          bestCandidate: best,
          step: 0,
        },
      ],
      summary: { suffix: context.settings['suffix'] },
    };
  },
};
registerMethod(twoCandidates);

describe('optimize with a Method', () => {
  it('runs a registered method, with its settings, and writes its artifacts', async () => {
    const runDir = join(root, 'custom');
    const events: ForgeEvent[] = [];
    const result = await optimize(
      { ...simConfig(runDir), method: 'two-candidates', methodSettings: { suffix: ' Think.' } },
      { onEvent: (event) => events.push(event) },
    );
    expect(calls).toContain(runDir);
    expect(result.method).toBe('two-candidates');
    expect(result.result.summary).toEqual({ suffix: ' Think.' });
    expect(result.files).toEqual(['best-prompts.json', 'result.json', 'report.html']);
    // Drawn from the method's checkpoint records.
    expect(readFileSync(join(runDir, 'report.html'), 'utf8')).toContain('data-candidate="1"');
    const saved = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    expect(saved.method).toBe('two-candidates');
    expect(saved.history).toHaveLength(2);
    expect(saved.maxEvaluations).toBe(300);
    expect(events[0]).toMatchObject({ type: 'run-prepared', method: 'two-candidates' });
    expect(events.some((event) => event.type === 'test-evaluated')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', method: 'two-candidates' });
  });

  it('names the config field of a bad method setting, and of an unknown role', async () => {
    await expect(
      optimize({
        ...simConfig(join(root, 'bad')),
        method: 'two-candidates',
        methodSettings: { suffix: 3 },
      }),
    ).rejects.toThrow(expect.objectContaining({ field: 'methodSettings.suffix' }));
    await expect(
      optimize({
        ...simConfig(join(root, 'bad-role')),
        method: 'two-candidates',
        roleModels: { curate: 'sim:optimizer' },
      }),
    ).rejects.toThrow(/method two-candidates has no role "curate" \(its roles: propose\)/);
    expect(existsSync(join(root, 'bad'))).toBe(false);
  });

  it('takes variant as an alias of method and refuses a contradiction, naming file and line', async () => {
    const aliased = await optimize({ ...simConfig(join(root, 'alias'), 100), variant: 'baseline' });
    expect(aliased.method).toBe('baseline');
    expect(aliased.steps).toBe(0);
    const file = join(root, 'contradiction.yaml');
    writeFileSync(
      file,
      'benchmark: sim\ntaskModel: sim:task\noptimizerModel: sim:optimizer\nbudget: { maxEvaluations: 100 }\nmethod: forge\nvariant: baseline\n',
    );
    const raw = await readConfigFile(file);
    const error = await optimize(raw.value as object, {
      configFile: file,
      configLineOf: raw.lineOf,
    }).catch((thrown: unknown) => thrown);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ field: 'variant', line: 6 });
    await expect(optimize({ ...simConfig(join(root, 'unknown')), method: 'nope' })).rejects.toThrow(
      /unknown method "nope" \(known: baseline, prompt-search/,
    );
  });

  it('runs Forge to completion (B.4): all E events, then P steps without a gain', async () => {
    const schedule = (await (await loadBenchmarkPackage('sim')).createBenchmark({})).synthesis;
    const result = await optimize({
      ...simConfig(join(root, 'complete'), 100_000),
      budget: { maxEvaluations: 100_000, stopAtCompletion: true },
    });
    expect(result.reason).toMatch(/^complete/);
    expect(result.synthesisEvents).toBe(schedule.epochs);
    const history = result.search?.history ?? [];
    const lastEvent = result.search?.state.synthesis.at(-1)?.step ?? 0;
    // After the last event, exactly P steps ran and none improved.
    expect(history.length - lastEvent).toBe(schedule.patience);
    expect(history.slice(lastEvent).some((record) => record.improved)).toBe(false);
  });
});
