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
});
