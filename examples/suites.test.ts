import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Method } from '@forge/method';
import { hasMethod, parseSuiteConfig, readConfigFile, registerMethod } from '@forge/sdk';
import { describe, expect, it } from 'vitest';

// The suite configs the README shows must stay valid. The peer methods (MIPROv2, ACE, GEPA) come
// in packages of their own; where one is not installed, a stand-in with its id lets the configs be
// checked (stand-ins are never run here).
const here = join(dirname(fileURLToPath(import.meta.url)), 'suites');
for (const id of ['mipro', 'ace', 'gepa']) {
  if (hasMethod(id)) continue;
  const standIn: Method = {
    id,
    title: id,
    description: 'Stand-in for a peer method that is not installed here (never run).',
    roles: ['reflect'],
    run: () => Promise.reject(new Error(`${id} is not installed`)),
  };
  registerMethod(standIn);
}

describe('suite configs', () => {
  it.each(readdirSync(here).filter((file) => file.endsWith('.yaml')))(
    '%s is a valid suite',
    async (file) => {
      const raw = await readConfigFile(join(here, file));
      const config = parseSuiteConfig(raw);
      expect(config.methods.length).toBeGreaterThan(0);
    },
  );

  it("the paper's main comparison has eight benchmarks, five methods and both task models", async () => {
    const config = parseSuiteConfig(await readConfigFile(join(here, 'paper-main.yaml')));
    expect(config.benchmarks).toHaveLength(8);
    expect(config.methods).toEqual(['baseline', 'mipro', 'ace', 'gepa', 'forge']);
    expect(config.taskModels).toHaveLength(2);
    expect(config.alignment).toEqual({ reference: 'forge', controls: ['baseline'] });
  });

  it('the many-machines example pools vLLM for the task model, leaves the optimizer on its API, and keeps AppWorld off the vLLM ports', async () => {
    const config = parseSuiteConfig(await readConfigFile(join(here, 'many-machines.yaml')));
    const [taskModel] = config.taskModels;
    const [optimizerModel] = config.optimizerModels;
    if (typeof taskModel !== 'object' || typeof optimizerModel !== 'object') {
      throw new Error('expected model settings');
    }
    // A pool of the worker's own vLLM servers, named in the config (a config URL wins over
    // OPENAI_BASE_URL, so the environment cannot leave the task model unpooled).
    expect(taskModel.baseURL).toBeUndefined();
    expect(taskModel.baseURLs).toEqual(['http://localhost:8000/v1', 'http://localhost:8001/v1']);
    // The optimizer names no server: it goes to its API, never to the local vLLM servers.
    expect(optimizerModel.model).toBe('openai:gpt-5.5');
    expect(optimizerModel.baseURL).toBeUndefined();
    expect(optimizerModel.baseURLs).toBeUndefined();
    // AppWorld's servers (servers × consecutive ports from basePort; AppWorld kills whatever
    // holds its port) are on ports no vLLM server uses.
    const appworld = config.benchmarks.find(
      (benchmark) => typeof benchmark === 'object' && benchmark.id === 'appworld',
    );
    const settings = (typeof appworld === 'object' ? appworld.benchmarkSettings : undefined) as
      | { servers: number; basePort: number }
      | undefined;
    expect(settings).toEqual({ servers: 8, basePort: 8100 });
    const appworldPorts = Array.from(
      { length: settings?.servers ?? 0 },
      (_, index) => (settings?.basePort ?? 0) + index,
    );
    const vllmPorts = taskModel.baseURLs?.map((url) => Number(new URL(url).port)) ?? [];
    expect(appworldPorts.filter((port) => vllmPorts.includes(port))).toEqual([]);
    expect(config.methods).toEqual(['baseline', 'mipro', 'ace', 'gepa', 'forge']);
  });
});
