import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventAtStep, killAndResume, readMethodRun, simRunConfig } from './kill-and-resume.js';
import { jsonEvents, runCli } from './run-cli.js';
import { withoutSpend } from './run-contents.js';

// `forge optimize --method ace` end to end on the offline simulated world (SIMULATED: no real
// model is called).
const root = mkdtempSync(join(tmpdir(), 'forge-cli-ace-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const flags = ['optimize', '--method', 'ace', '-b', 'sim', '-t', 'sim:task', '-o', 'sim:optimizer'];

describe('forge optimize --method ace', () => {
  it('improves over the seed on the simulated benchmark and prints its progress', async () => {
    const cwd = join(root, 'plain');
    mkdirSync(cwd);
    const run = await runCli([...flags, '--budget', '300', '--run-dir', 'run', '--json'], { cwd });
    expect(run.code).toBe(0);
    const events = jsonEvents(run.stdout);
    const end = events.at(-1) as Record<string, number | string | boolean>;
    expect(end).toMatchObject({ type: 'run-end', method: 'ace', simulated: true });
    expect(end['bestScore'] as number).toBeGreaterThan(end['seedScore'] as number);
    expect(end['evaluationsUsed'] as number).toBeLessThanOrEqual(300);
    expect(
      events.some((event) => event.type === 'method-note' && event['kind'] === 'playbook-curated'),
    ).toBe(true);
  });

  it('reaches the same final state after kill -9 and --resume', async () => {
    const cwd = join(root, 'resume');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'forge.config.yaml'), `${simRunConfig({ method: 'ace' })}\n`);
    // Mid-sample: after the first answer of the eleventh training sample.
    await killAndResume(cwd, eventAtStep('evaluation-end', 10));

    const expected = readMethodRun(join(cwd, 'reference'));
    const actual = readMethodRun(join(cwd, 'killed'));
    expect(actual.checkpoint).toEqual(expected.checkpoint);
    expect(actual.records).toEqual(expected.records);
    expect(withoutSpend(actual.result)).toEqual(withoutSpend(expected.result));
    // Only calls in flight at the kill are paid twice (the first sample of a step runs one at a time).
    expect(actual.paid - expected.paid).toBeGreaterThanOrEqual(0);
    expect(actual.paid - expected.paid).toBeLessThanOrEqual(8);
  }, 120_000);
});
