import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { addRunFlags } from './commands/optimize-command.js';
import { configFromFlags, type RunFlags } from './config-from-flags.js';

const root = mkdtempSync(join(tmpdir(), 'forge-flags-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const flagsOf = (argv: readonly string[]): RunFlags =>
  addRunFlags(new Command('optimize').exitOverride())
    .parse([...argv], { from: 'user' })
    .opts<RunFlags>();

describe('--otel and --otel-content', () => {
  it('turn on the OTLP exporter, with the endpoint when one is given', async () => {
    const bare = await configFromFlags(flagsOf(['--otel']), root, () => {});
    expect(bare.config.telemetry).toEqual({ exporter: 'otlp' });
    const given = await configFromFlags(
      flagsOf(['--otel', 'http://127.0.0.1:6006', '--otel-content']),
      root,
      () => {},
    );
    expect(given.config.telemetry).toEqual({
      exporter: 'otlp',
      endpoint: 'http://127.0.0.1:6006',
      includeContent: true,
    });
    const none = await configFromFlags(flagsOf([]), root, () => {});
    expect(none.config.telemetry).toBeUndefined();
  });

  it("keep the config file's telemetry fields the flags do not set", async () => {
    const file = join(root, 'forge.config.json');
    writeFileSync(
      file,
      JSON.stringify({
        telemetry: { endpoint: 'http://collector:4318', headers: { 'x-key': 'k' } },
      }),
    );
    const { config } = await configFromFlags(
      flagsOf(['-c', file, '--otel-content']),
      root,
      () => {},
    );
    expect(config.telemetry).toEqual({
      exporter: 'otlp',
      endpoint: 'http://collector:4318',
      headers: { 'x-key': 'k' },
      includeContent: true,
    });
  });
});

describe('--no-perfect-stop', () => {
  it('sets budget.stopAtPerfectScore false over the config file, and leaves it alone otherwise', async () => {
    const file = join(root, 'perfect.config.json');
    writeFileSync(file, JSON.stringify({ budget: { maxEvaluations: 300 } }));
    const off = await configFromFlags(flagsOf(['-c', file, '--no-perfect-stop']), root, () => {});
    expect(off.config.budget).toEqual({ maxEvaluations: 300, stopAtPerfectScore: false });
    const on = await configFromFlags(flagsOf(['-c', file]), root, () => {});
    expect(on.config.budget).toEqual({ maxEvaluations: 300 });
  });
});
