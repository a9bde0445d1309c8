import type { Command } from 'commander';
import { configDefaults, providerFlags } from '../config-from-flags.js';
import { outputMode, percent, type Terminal } from '../output/terminal.js';
import { addTrustFlags, type TrustFlags, trustOptionsOf } from './trust-flags.js';

/** `forge eval`: a predictions file with a benchmark's metric, or a run's candidate on a split. */
export function evalCommand(program: Command, terminal: Terminal): void {
  const command = program
    .command('eval')
    .description(
      "score a predictions JSONL with a benchmark's metric, or a run's candidate on a split",
    )
    .option('-b, --benchmark <id>', "benchmark (default: the run's)")
    .option('--program <module>', 'your own benchmark module')
    .option('--data-dir <dir>', 'benchmark data directory')
    .option('--predictions <file>', 'JSONL lines {"id": …, "output": {…}}')
    .option('--run <dir>', 'a run directory')
    .option('--candidate <n>', 'candidate index, "best" or "seed"', 'best')
    .option('--split <split>', 'train, validation or test', 'test')
    .option('-t, --task-model <model>', "task model (default: the run's)")
    .option(
      '-c, --config <file>',
      'take defaults (benchmark, models, providers) from a config file',
    )
    .option('--provider <name=module...>', 'register your own provider module')
    .option('--json', 'print the result as JSON');
  addTrustFlags(command, "the --run directory's config.json");
  command.action(async (flags: Record<string, string | boolean | string[] | undefined>) => {
    const text = (key: string) =>
      typeof flags[key] === 'string' ? (flags[key] as string) : undefined;
    const candidate = text('candidate') ?? 'best';
    // Without a run, a config file (given or found) supplies the benchmark and providers.
    const defaults =
      flags['run'] === undefined
        ? await configDefaults(text('config'), process.cwd(), (line) => terminal.err.write(line))
        : {};
    const providers = {
      ...(defaults['providers'] as Record<string, string> | undefined),
      ...providerFlags(flags['provider'] as string[] | undefined),
    };
    const { evaluate } = await import('@forge/sdk');
    const result = await evaluate({
      ...(Object.keys(providers).length === 0 ? {} : { providers }),
      ...(typeof defaults['benchmark'] === 'string' ? { benchmark: defaults['benchmark'] } : {}),
      ...(typeof defaults['dataDir'] === 'string' ? { dataDir: defaults['dataDir'] } : {}),
      ...(text('benchmark') === undefined ? {} : { benchmark: text('benchmark') as string }),
      ...(text('program') === undefined ? {} : { program: text('program') as string }),
      ...(text('dataDir') === undefined ? {} : { dataDir: text('dataDir') as string }),
      ...(text('predictions') === undefined ? {} : { predictions: text('predictions') as string }),
      ...(text('run') === undefined ? {} : { run: text('run') as string }),
      ...trustOptionsOf(flags as TrustFlags),
      candidate: candidate === 'best' || candidate === 'seed' ? candidate : Number(candidate),
      split: (text('split') ?? 'test') as 'train' | 'validation' | 'test',
      ...(text('taskModel') === undefined ? {} : { taskModel: text('taskModel') as string }),
    });
    if (outputMode(terminal, flags['json'] === true) === 'json') {
      terminal.out.write(`${JSON.stringify({ type: 'eval-end', ...result })}\n`);
      return;
    }
    const failed = result.instances.filter((item) => item.score < 1).length;
    terminal.out.write(
      `${result.subject}: ${percent(result.score)} (${result.instances.length} instances, ${failed} below 1)\n`,
    );
  });
}
