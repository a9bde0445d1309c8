import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { noObjectInputs } from '../inputs/object-inputs.js';
import { loadRunBenchmark } from './load-run-benchmark.js';

// A run directory may come from someone else: the program module its config.json names runs as
// code when imported, so it leaves a mark when it does.
const root = mkdtempSync(join(tmpdir(), 'forge-load-run-benchmark-'));
const runDir = join(root, 'run');
const marker = join(root, 'module-ran');
const moduleFile = join(root, 'planted.mjs');
writeFileSync(
  moduleFile,
  `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default () => ({ id: 'planted' });\n`,
);
mkdirSync(runDir);
writeFileSync(join(runDir, 'forge.db'), '');
writeFileSync(
  join(runDir, 'config.json'),
  JSON.stringify({
    program: moduleFile,
    dataDir: join(root, 'data'),
    taskModel: 'sim:task',
    optimizerModel: 'sim:optimizer',
    budget: { maxEvaluations: 20 },
  }),
);
const call = { call: 'evaluate', command: 'eval --run' };
afterEach(() => rmSync(marker, { force: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadRunBenchmark', () => {
  it("refuses a run's program module that is neither named again nor trusted, importing nothing", async () => {
    const error = await loadRunBenchmark({ run: runDir }, noObjectInputs, call).catch(
      (caught: unknown) => caught,
    );
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).message).toContain(join(runDir, 'config.json'));
    expect((error as ConfigError).message).toContain(`program ${moduleFile}`);
    expect((error as ConfigError).message).toContain('eval --run does not import');
    expect(existsSync(marker)).toBe(false);
  });

  it("imports the run's program module when trusted, and returns the run's config", async () => {
    const loaded = await loadRunBenchmark({ run: runDir, trustRunModules: true }, noObjectInputs, {
      ...call,
      modelField: 'taskModel',
    });
    expect(existsSync(marker)).toBe(true);
    expect(loaded.benchmark.id).toBe('planted');
    expect(loaded.runConfig?.program).toBe(moduleFile);
    expect(loaded.benchmarkConfig.dataDir).toBe(join(root, 'data'));
  });

  it("puts the call's benchmark in place of the run's program, which is then never imported", async () => {
    const loaded = await loadRunBenchmark(
      { run: runDir, benchmark: 'sim', benchmarkSettings: { seed: 7 } },
      noObjectInputs,
      call,
    );
    expect(existsSync(marker)).toBe(false);
    expect(loaded.benchmark.id).toBe('sim');
    expect(loaded.benchmarkConfig.program).toBeUndefined();
    expect(loaded.benchmarkConfig.benchmarkSettings).toEqual({ seed: 7 });
    expect(loaded.runConfig?.program).toBe(moduleFile);
  });

  it("loads the call's own benchmark without a run", async () => {
    const loaded = await loadRunBenchmark({ benchmark: 'sim' }, noObjectInputs, call);
    expect(loaded.runConfig).toBeUndefined();
    expect(loaded.benchmark.id).toBe('sim');
  });
});
