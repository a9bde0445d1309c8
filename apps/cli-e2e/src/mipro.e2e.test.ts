import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventAtStep, killAndResume, readMethodRun, simRunConfig } from './kill-and-resume.js';
import { jsonEvents, runCli } from './run-cli.js';
import { withoutSpend } from './run-contents.js';

// `forge optimize --method mipro` end to end on the offline simulated world. Everything here is
// simulated: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-mipro-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

describe('forge optimize --method mipro', () => {
  it('runs from flags alone and writes its candidate with its demonstrations', async () => {
    const cwd = workspace('flags');
    const result = await runCli(
      [
        'optimize',
        '--method',
        'mipro',
        '-b',
        'sim',
        '-t',
        'sim:task',
        '-o',
        'sim:optimizer',
        '--budget',
        '300',
        '--run-dir',
        'run',
        '--json',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    const events = jsonEvents(result.stdout);
    const end = events.at(-1) as Record<string, number | string | boolean>;
    expect(end).toMatchObject({ type: 'run-end', method: 'mipro', simulated: true });
    expect(end['evaluationsUsed'] as number).toBeLessThanOrEqual(300);
    expect(end['bestScore'] as number).toBeGreaterThan(end['seedScore'] as number);
    const notes = events
      .filter((event) => event.type === 'method-note')
      .map((event) => event['kind']);
    expect(notes).toEqual(
      expect.arrayContaining([
        'demo-sets-bootstrapped',
        'instructions-proposed',
        'trials-planned',
        'search-complete',
      ]),
    );
    const best = JSON.parse(readFileSync(join(cwd, 'run', 'best-prompts.json'), 'utf8'));
    expect(Object.keys(best.prompts)).toEqual(['interpret', 'format']);
    const saved = JSON.parse(readFileSync(join(cwd, 'run', 'result.json'), 'utf8'));
    expect(saved.summary.estimatedEvaluations - saved.summary.estimateGap).toBe(
      saved.evaluationsUsed,
    );
  }, 120_000);

  it('reaches the same final state after kill -9 mid-search and --resume', async () => {
    const cwd = workspace('resume');
    writeFileSync(join(cwd, 'forge.config.yaml'), `${simRunConfig({ method: 'mipro' })}\n`);
    // Mid-search: after trial 8, while trial 9 is being evaluated.
    await killAndResume(cwd, eventAtStep('step-end', 7));
    const expected = readMethodRun(join(cwd, 'reference'));
    const actual = readMethodRun(join(cwd, 'killed'));
    expect(actual.checkpoint.state).toEqual(expected.checkpoint.state);
    // Records of the unit cut by the kill were never written, so both runs hold the same ones
    // (the save each belongs to may differ: the killed run saved more often).
    const unsaved = (records: typeof actual.records) =>
      records.map(({ save: _save, ...rest }) => rest);
    expect(unsaved(actual.records)).toEqual(unsaved(expected.records));
    expect(withoutSpend(actual.result)).toEqual(withoutSpend(expected.result));
    // Paid calls are on record: the killed run re-paid the calls in flight and none is missing
    // (a cached answer is saved only with the record of its call).
    expect(actual.paid).toBeGreaterThanOrEqual(expected.paid);
    const file = (runDir: string, name: string) =>
      JSON.parse(readFileSync(join(cwd, runDir, name), 'utf8'));
    expect(file('killed', 'best-prompts.json')).toEqual(file('reference', 'best-prompts.json'));
  }, 180_000);
});
