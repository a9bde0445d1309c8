import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventAtStep, killAndResume, readMethodRun, simRunConfig } from './kill-and-resume.js';
import { jsonEvents, runCli } from './run-cli.js';
import { withoutSpend } from './run-contents.js';

// `forge optimize --method gepa` and `--method gepa-merge` end to end on the offline simulated
// world (SIMULATED models only): a run cut by kill -9 and resumed ends exactly where an
// uninterrupted one does.
const root = mkdtempSync(join(tmpdir(), 'forge-cli-gepa-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const configOf = (method: 'gepa' | 'gepa-merge') => simRunConfig({ method });
const config = configOf('gepa-merge');

describe.each([
  { method: 'gepa', merges: false },
  { method: 'gepa-merge', merges: true },
] as const)('forge optimize --method $method, killed', ({ method, merges }) => {
  it('reaches the same final state after kill -9 and --resume', async () => {
    const cwd = join(root, `resume-${method}`);
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'forge.config.yaml'), `${configOf(method)}\n`);
    const { reference, resumed } = await killAndResume(cwd, eventAtStep('step-end', 6));
    const end = jsonEvents(reference.stdout).at(-1) as Record<string, unknown>;
    expect(end).toMatchObject({ type: 'run-end', method, simulated: true });
    expect(end['evaluationsUsed'] as number).toBeLessThanOrEqual(400);
    expect(end['bestScore'] as number).toBeGreaterThan(end['seedScore'] as number);
    // The resume starts after the last saved step, not from the beginning.
    const start = jsonEvents(resumed.stdout).find((event) => event.type === 'run-start');
    expect(start?.['step'] as number).toBeGreaterThan(0);

    const expected = readMethodRun(join(cwd, 'reference'));
    const actual = readMethodRun(join(cwd, 'killed'));
    expect(actual.checkpoint).toEqual(expected.checkpoint);
    expect(actual.records).toEqual(expected.records);
    expect(withoutSpend(actual.result)).toEqual(withoutSpend(expected.result));
    // Paid calls are on record: the killed run re-paid the calls in flight and none is missing
    // (a cached answer is saved only with the record of its call).
    expect(actual.paid).toBeGreaterThanOrEqual(expected.paid);
    const { mergesTested } = actual.result['summary'] as { mergesTested: number };
    if (merges) expect(mergesTested).toBeGreaterThan(0);
    else expect(mergesTested).toBe(0);
  });
});

describe('forge optimize --method gepa-merge', () => {
  it('prints its merges and a summary labelled SIMULATED without --json', async () => {
    const cwd = join(root, 'plain');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'forge.config.yaml'), `${config}\n`);
    const result = await runCli(['optimize', '--run-dir', 'run'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('gepa-merge run summary — SIMULATED');
    expect(result.stderr).toMatch(/merge(d| of) \d+ and \d+ over ancestor \d+/);

    // The report shows, in each proposal, what the reflector saw: the minibatch executions.
    const report = await runCli(['report', 'run'], { cwd });
    expect(report.code).toBe(0);
    const html = readFileSync(join(cwd, 'run', 'report.html'), 'utf8');
    const proposals = html.split('<details class="proposal" ').slice(1);
    expect(proposals.length).toBeGreaterThan(0);
    const reflections = proposals.filter((proposal) =>
      proposal.includes('proposal-kind">reflection'),
    );
    const merges = proposals.filter((proposal) => proposal.includes('proposal-kind">merge'));
    expect(reflections.length).toBeGreaterThan(0);
    expect(merges.length).toBeGreaterThan(0);
    for (const proposal of [...reflections, ...merges]) {
      expect(proposal).toContain('<h5>Minibatch executions</h5>');
      // One execution block per minibatch instance, each with the parent's output and trace.
      const ids = [...proposal.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>/g)].map(
        (match) => match[1],
      );
      const shown = [
        ...proposal.matchAll(/<details class="minibatch-execution" data-instance="([^"]+)">/g),
      ].map((match) => match[1]);
      expect(shown).toEqual(ids);
      expect(proposal).toMatch(
        /data-side="parent"><h5>Parent <span class="muted">score [\d.]+<\/span><\/h5><div class="value-block"><h5>output: /,
      );
      expect(proposal).toContain('<h6>module <code>');
    }
    // A proposal that was evaluated shows the proposal's outputs too.
    expect(html).toMatch(
      /data-side="proposal"><h5>Proposal <span class="muted">score [\d.]+<\/span><\/h5><div class="value-block"><h5>output: /,
    );
  });

  it('names the field of a bad method setting and leaves no run behind', async () => {
    const cwd = join(root, 'bad-setting');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      `${config}\nmethodSettings:\n  maxMergeInvocations: -2\n`,
    );
    const result = await runCli(['optimize', '--run-dir', 'run', '--json'], { cwd });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('methodSettings.maxMergeInvocations');
    expect(result.stderr).toContain('forge.config.yaml, line 12');
    expect(existsSync(join(cwd, 'run'))).toBe(false);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
