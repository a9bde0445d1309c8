import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError, seedPrompts } from '@forge/program';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appworldSynthesis,
  benchmarkPackage,
  createBenchmark,
  promptSearchOnlyTitle,
} from './create-appworld-benchmark.js';
import { createFileServerClaims } from './pool/server-claims.js';
import { startFakeAppWorldServer } from './testing/fake-appworld-server.js';
import { createScriptedTaskAgent, paginationPhrase } from './testing/scripted-task-agent.js';
import { writeFakeAppWorldRoot } from './testing/write-fake-root.js';

const root = mkdtempSync(join(tmpdir(), 'forge-appworld-benchmark-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFakeAppWorldRoot(root);

describe('the AppWorld benchmark', () => {
  it('runs the seed program on a pool and scores it with the environment (score = passes / tests)', async () => {
    await using one = await startFakeAppWorldServer();
    await using two = await startFakeAppWorldServer();
    const benchmark = createBenchmark(
      { settings: { serverUrls: [one.url, two.url], appworldRoot: root } },
      { variables: {} },
    );
    expect(benchmark.id).toBe('appworld');
    expect(benchmark.program.modules.map((module) => module.name)).toEqual(['appworld_agent']);
    const splits = await benchmark.loadSplits();
    expect([splits.train.length, splits.validation.length, splits.test.length]).toEqual([4, 2, 2]);
    const model = createScriptedTaskAgent();
    const score = async (prompt: string) => {
      const results = await Promise.all(
        splits.validation.map(async (instance) => {
          const execution = await benchmark.program.run(
            instance,
            { appworld_agent: prompt },
            { model },
          );
          return { execution, evaluation: await benchmark.evaluate(instance, execution) };
        }),
      );
      return results;
    };
    const seed = await score(seedPrompts(benchmark.program)['appworld_agent'] as string);
    // Both need later pages: "call" (item 14) passes 1 of 3 tests, "gym" (item 6) 1 of 2.
    expect(seed.map((result) => result.evaluation.score)).toEqual([1 / 3, 1 / 2]);
    expect(seed[0]?.evaluation.feedback).toContain(
      'every to-do item mentioning "call" is marked done',
    );
    const trace = seed[0]?.execution.trace[0];
    expect(trace?.module).toBe('appworld_agent');
    expect(trace?.notes?.[0]).toMatch(
      /task c3e1f7b_1 \(world date-time 2023-05-18T12:00:00\), 2 of 50 steps, ended by task-completed; complete_task called: yes/,
    );
    expect(trace?.notes?.[1]).toBe('evaluation: 1 of 3 tests passed');
    const improved = await score(`Read ${paginationPhrase}.`);
    expect(improved.map((result) => result.evaluation.score)).toEqual([1, 1]);
    // Both servers took tasks: one task per server at a time.
    expect(one.requests.some((request) => request.path === '/initialize')).toBe(true);
    expect(two.requests.some((request) => request.path === '/initialize')).toBe(true);
    // Every episode has its own AppWorld experiment, so concurrent runs of a task never collide.
    const experiments = [...one.requests, ...two.requests].flatMap((request) =>
      request.path === '/initialize'
        ? [(request.body as { experiment_name: string }).experiment_name]
        : [],
    );
    expect(experiments).toHaveLength(4);
    expect(new Set(experiments).size).toBe(4);
    for (const name of experiments) expect(name).toMatch(/^forge-[0-9a-f-]{36}$/);
  });

  it('fails the run, saying how to start servers, when no server of the pool is up', async () => {
    const gone = await startFakeAppWorldServer();
    await gone.kill();
    const benchmark = createBenchmark(
      { settings: { serverUrls: [gone.url], appworldRoot: root, waitForServerMs: 0 } },
      { variables: {} },
    );
    const [instance] = (await benchmark.loadSplits()).train;
    await expect(
      benchmark.program.run(instance!, seedPrompts(benchmark.program), {
        model: createScriptedTaskAgent(),
      }),
    ).rejects.toThrow(/No AppWorld environment server is available.*forge appworld serve -n 1/);
  });

  it('says it is prompt search only when there is no authoring backend, and has (10, 4, 15) with one', async () => {
    const without = createBenchmark({}, { variables: {} });
    expect(without.title).toBe(promptSearchOnlyTitle);
    expect(without.synthesis).toEqual({ attempts: 10, epochs: 0, patience: 15 });
    expect(without.synthesisTools?.map((tool) => tool.name)).not.toContain('draft_task');
    const withBackend = createBenchmark(
      { settings: { authoringUrl: 'http://127.0.0.1:8000' } },
      { variables: {} },
    );
    expect(withBackend.title).toBe('AppWorld');
    expect(withBackend.synthesis).toEqual(appworldSynthesis);
    expect(appworldSynthesis).toEqual({ attempts: 10, epochs: 4, patience: 15 });
    expect(withBackend.synthesisTools?.map((tool) => tool.name)).toContain('finalize_task');
  });

  it('finds the data through APPWORLD_ROOT, and says how to get it when there is none', async () => {
    const viaVariable = createBenchmark(
      { dataDir: join(root, 'absent') },
      { variables: { APPWORLD_ROOT: root } },
    );
    expect((await viaVariable.loadSplits()).train).toHaveLength(4);
    const error = await createBenchmark({}, { variables: {} })
      .loadSplits()
      .catch((caught: unknown) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('set APPWORLD_ROOT');
    expect((error as Error).message).toContain('appworld download data');
  });

  it('is an ordinary benchmark package', async () => {
    expect(typeof benchmarkPackage.createBenchmark).toBe('function');
    expect(typeof benchmarkPackage.checkData).toBe('function');
    await expect(benchmarkPackage.pullData?.({ dataDir: root })).rejects.toThrow(
      'forge data check appworld',
    );
  });

  it('two runs on one server (two suite cells on one worker) take turns task by task, scoring as alone, and say so', async () => {
    await using server = await startFakeAppWorldServer();
    const claims = createFileServerClaims({ directory: join(root, 'claims') });
    const warnings: string[] = [];
    const cell = () =>
      createBenchmark(
        { settings: { serverUrls: [server.url], appworldRoot: root } },
        { variables: {}, claims, warn: (message) => warnings.push(message) },
      );
    const runs = [cell(), cell()];
    const validation = (await runs[0]!.loadSplits()).validation;
    const model = createScriptedTaskAgent();
    const scores = await Promise.all(
      runs.map((benchmark) =>
        Promise.all(
          validation.map(async (instance) => {
            const execution = await benchmark.program.run(
              instance,
              seedPrompts(benchmark.program),
              { model },
            );
            return (await benchmark.evaluate(instance, execution)).score;
          }),
        ),
      ),
    );
    // The scores of one run alone (the first test): no task lost to another run's world.
    expect(scores).toEqual([
      [1 / 3, 1 / 2],
      [1 / 3, 1 / 2],
    ]);
    // The server never held two task worlds: every initialize came after the last close.
    const lifecycle = server.requests
      .map((request) => request.path)
      .filter((path) => path === '/initialize' || path === '/close');
    expect(lifecycle).toEqual(new Array(4).fill(['/initialize', '/close']).flat());
    // Each run had two tasks for one server, and one found the server held by the other.
    expect(warnings.filter((message) => message.includes('exceeds the pool'))).toEqual([
      expect.stringContaining('set concurrency to 1'),
      expect.stringContaining('set concurrency to 1'),
    ]);
    expect(warnings.filter((message) => message.includes('another run'))).toEqual([
      expect.stringContaining(`the server ${server.url} is running a task of another run`),
    ]);
  });
});
