import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Timing } from './selection-cost.js';

/** Fresh-process costs. */
export interface StartUpResult {
  /** `await import('@forge/core')`, timed inside a fresh process. */
  readonly importCoreMs: Timing;
  /** `await import('@forge/sdk')`, timed inside a fresh process. */
  readonly importSdkMs: Timing;
  /** `forge --help`: the whole process, spawn to exit. */
  readonly forgeHelpMs: Timing;
  /** `forge demo` (the offline simulated run): the whole process, spawn to exit. */
  readonly forgeDemoMs: Timing;
}

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function summarize(durations: number[]): Timing {
  durations.sort((left, right) => left - right);
  return {
    minMs: durations[0] as number,
    medianMs: durations[Math.floor(durations.length / 2)] as number,
    samples: durations.length,
  };
}

function run(args: readonly string[], cwd: string): { ms: number; stdout: string } {
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (child.status !== 0) {
    throw new Error(`node ${args.join(' ')} exited with ${child.status}: ${child.stderr}`);
  }
  return { ms, stdout: child.stdout };
}

function importTime(specifier: string, samples: number): Timing {
  const script = `const started = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - started);`;
  const durations: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    durations.push(Number(run(['--input-type=module', '-e', script], packageDir).stdout.trim()));
  }
  return summarize(durations);
}

/** Times module import and the CLI's start in fresh processes. */
export function measureStartUp(options: {
  readonly samples: number;
  readonly demoSamples: number;
}): StartUpResult {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('@forge/cli/package.json')),
    'dist',
    'bin.js',
  );
  const importCoreMs = importTime('@forge/core', options.samples);
  const importSdkMs = importTime('@forge/sdk', options.samples);
  const help: number[] = [];
  for (let sample = 0; sample < options.samples; sample++)
    help.push(run([bin, '--help'], packageDir).ms);
  const demo: number[] = [];
  const cwd = mkdtempSync(join(tmpdir(), 'forge-perf-demo-'));
  try {
    for (let sample = 0; sample < options.demoSamples; sample++)
      demo.push(run([bin, 'demo'], cwd).ms);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  return {
    importCoreMs,
    importSdkMs,
    forgeHelpMs: summarize(help),
    forgeDemoMs: summarize(demo),
  };
}
