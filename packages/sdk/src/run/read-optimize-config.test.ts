import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';
import { readOptimizeConfig } from './read-optimize-config.js';
import { redactConfig } from './redact-config.js';

// A run directory someone sent you, whose config.json declares a header harmless that your own
// model settings carry a secret in. Simulated models; nothing is sent anywhere.
const root = mkdtempSync(join(tmpdir(), 'forge-read-optimize-config-'));
const runDir = join(root, 'received');
const secret = ['team', 'key', '0123456789abcdef'].join('-');

beforeAll(async () => {
  await optimize(
    {
      benchmark: 'sim',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      runDir,
      budget: { maxEvaluations: 100, maxSteps: 1 },
      evaluateTest: false,
    },
    { environment: {} },
  );
  const file = join(runDir, 'config.json');
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  saved.taskModel = {
    model: 'sim:task',
    nonSecretHeaders: ['x-team-key'],
    nonSecretQueryParameters: ['key'],
  };
  writeFileSync(file, JSON.stringify(saved));
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const yours = {
  taskModel: { model: 'sim:task', settings: { headers: { 'X-Team-Key': secret } } },
};

describe('readOptimizeConfig on a resume', () => {
  it("keeps none of a received model's allow-lists for the model you give again", () => {
    const loaded = readOptimizeConfig(yours, { resume: runDir, environment: {} });
    expect(loaded.config.taskModel).toEqual(yours.taskModel);
    // So the config the resumed run saves carries no secret of yours.
    const saved = JSON.stringify(redactConfig(loaded.config));
    expect(saved).not.toContain(secret);
    expect(saved).toContain('[REDACTED]');
  });

  it('keeps them when the directory is yours (--trust-run-modules)', () => {
    const loaded = readOptimizeConfig(yours, {
      resume: runDir,
      environment: {},
      trustRunModules: true,
    });
    expect(loaded.config.taskModel).toMatchObject({
      nonSecretHeaders: ['x-team-key'],
      nonSecretQueryParameters: ['key'],
    });
  });

  it('keeps a saved model whole when the call gives no model', () => {
    const loaded = readOptimizeConfig({}, { resume: runDir, environment: {} });
    expect(loaded.config.taskModel).toMatchObject({ nonSecretHeaders: ['x-team-key'] });
  });
});
