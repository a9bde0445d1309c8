import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonEvents, runCli, startCli } from './run-cli.js';

// A run that tells the truth: contract violations, unpriced models, killed runs and bad flags.
// Everything here runs on the offline simulated world or on scripted models.
const root = mkdtempSync(join(tmpdir(), 'forge-honest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string): string {
  const directory = join(root, name);
  mkdirSync(directory, { recursive: true });
  return directory;
}

// An optimizer that never follows any contract: it chats instead of answering in the blocks.
const chattyProvider = `export default (modelId) => ({
  specificationVersion: 'v1',
  provider: 'chatty',
  modelId,
  async generate() {
    return { text: 'Happy to help! Could you tell me more about the task?', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 40, outputTokens: 12 } };
  },
});
`;

describe('an optimizer model that never follows the output contract', () => {
  it('is warned about during the run, in the summary, in --json events and in the report', async () => {
    const cwd = workspace('chatty');
    writeFileSync(join(cwd, 'chatty.mjs'), chattyProvider);
    const args = [
      'optimize',
      '-b',
      'sim',
      '--provider',
      'chatty=./chatty.mjs',
      '-t',
      'sim:task',
      '-o',
      'chatty:v1',
      '--budget',
      '200',
    ];
    const json = await runCli([...args, '--run-dir', 'json-run', '--json'], { cwd });
    expect(json.code).toBe(0);
    const events = jsonEvents(json.stdout);
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings.map((warning) => warning['role']).sort()).toEqual(['assign', 'reflect']);
    for (const warning of warnings) {
      expect(warning).toMatchObject({
        code: 'contract-violations',
        noOps: 5,
        calls: 5,
        example: 'Happy to help! Could you tell me more about the task?',
      });
    }
    expect(
      String(warnings.find((warning) => warning['role'] === 'reflect')?.['contract']),
    ).toContain('<system_prompt>');
    expect(
      String(warnings.find((warning) => warning['role'] === 'assign')?.['contract']),
    ).toContain('<assignment>');
    // Raised while the run went on, not only at its end.
    const firstWarning = events.findIndex((event) => event.type === 'warning');
    expect(events.slice(firstWarning).some((event) => event.type === 'step-end')).toBe(true);
    const end = events.at(-1) as Record<string, unknown>;
    expect((end['warnings'] as unknown[]).length).toBe(2);

    const human = await runCli([...args, '--run-dir', 'human-run'], { cwd });
    expect(human.code).toBe(0);
    expect(human.stderr).toMatch(/warning: 5 of 5 reflect answers did not follow the contract/);
    expect(human.stdout).toMatch(/warning: \d+ of \d+ assign answers did not follow the contract/);
    expect(human.stdout).toContain('"Happy to help! Could you tell me more about the task?"');
    const report = readFileSync(join(cwd, 'human-run', 'report.html'), 'utf8');
    expect(report).toContain('data-warning-role="reflect"');
    expect(report).toContain('data-warning-role="assign"');
    expect(report).toContain('The reflect role mostly ignored its output contract');
  });
});

describe('models without a price', () => {
  it('are named at start, and --max-cost is refused for them unless a price is given', async () => {
    const cwd = workspace('unpriced');
    writeFileSync(join(cwd, 'chatty.mjs'), chattyProvider);
    const base = [
      'optimize',
      '-b',
      'sim',
      '--provider',
      'chatty=./chatty.mjs',
      '-t',
      'sim:task',
      '-o',
      'chatty:v1',
      '--budget',
      '60',
    ];
    const refused = await runCli([...base, '--max-cost', '2'], { cwd });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the cost limit (--max-cost) cannot be enforced: chatty:v1');
    expect(refused.stderr).toContain('--price chatty:v1=<input>/<output>');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(cwd, 'forge-runs'))).toBe(false);

    const priced = await runCli(
      [...base, '--max-cost', '2', '--price', 'chatty:v1=1/4', '--run-dir', 'priced', '--json'],
      { cwd },
    );
    expect(priced.code).toBe(0);
    expect(jsonEvents(priced.stdout)[0]).toMatchObject({
      type: 'run-prepared',
      unpricedModels: [],
    });

    const named = await runCli([...base, '--run-dir', 'named'], { cwd });
    expect(named.code).toBe(0);
    expect(named.stderr).toContain('no price for chatty:v1: its cost shows as unpriced');
    expect(named.stdout).toContain('+ unpriced (no price for chatty:v1)');
    expect(readFileSync(join(cwd, 'named', 'report.html'), 'utf8')).toContain('Unpriced models.');
  });
});

describe('forge runs', () => {
  it('shows a killed run as interrupted, and a resumed one as completed', async () => {
    const cwd = workspace('killed');
    writeFileSync(
      join(cwd, 'forge.config.yaml'),
      'benchmark: sim\ntaskModel: { model: sim:task, settings: { latency: 4 } }\noptimizerModel: { model: sim:optimizer, settings: { latency: 4 } }\nbudget: { maxEvaluations: 300 }\n',
    );
    let killed = false;
    const first = await startCli(['optimize', '--run-dir', 'forge-runs/run', '--json'], {
      cwd,
      onStdoutLine: (line, child) => {
        if (!killed && line.includes('"type":"step-end"') && line.includes('"step":3,')) {
          killed = true;
          child.kill('SIGKILL');
        }
      },
    }).done;
    expect(first.signal).toBe('SIGKILL');
    const listed = await runCli(['runs', '--json'], { cwd });
    expect(jsonEvents(listed.stdout)).toEqual([expect.objectContaining({ status: 'interrupted' })]);
    const table = await runCli(['runs'], { cwd });
    expect(table.stdout).toMatch(/forge-runs\/run\s+sim \(simulated\)\s+forge\s+interrupted/);
    const report = await runCli(['report', 'forge-runs/run'], { cwd });
    expect(report.code).toBe(0);
    expect(readFileSync(join(cwd, 'forge-runs', 'run', 'report.html'), 'utf8')).toContain(
      'Run interrupted.',
    );
    expect((await runCli(['optimize', '--resume', 'forge-runs/run', '--json'], { cwd })).code).toBe(
      0,
    );
    expect(jsonEvents((await runCli(['runs', '--json'], { cwd })).stdout)[0]).toMatchObject({
      status: 'completed',
    });
  });
});

describe('bad flags', () => {
  it('are named in flag words, before anything is done', async () => {
    const cwd = workspace('flags');
    const cases: [string[], string][] = [
      [['--budget', 'lots'], '--budget must be a positive integer (got "lots")'],
      [['--budget', '0'], '--budget must be a positive integer (got "0")'],
      [['--max-cost', 'free'], '--max-cost must be a positive number (got "free")'],
      [['--seed', '1.5'], '--seed must be an integer (got "1.5")'],
      [['--concurrency', '-2'], '--concurrency must be a positive integer (got "-2")'],
      [['--price', 'chatty:v1'], '--price must be provider:model=<input>/<output>'],
    ];
    for (const [flags, message] of cases) {
      const result = await runCli(
        ['optimize', '-b', 'sim', '-t', 'sim:task', '-o', 'sim:optimizer', ...flags],
        { cwd },
      );
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr).toContain(`forge: ${message}`);
      expect(result.stderr).not.toContain('<flags>');
    }
    const demo = await runCli(['demo', '--budget', 'lots'], { cwd });
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('--budget must be a positive integer');
    expect(existsSync(join(cwd, 'forge-runs'))).toBe(false);
  });
});
