import type { Command } from 'commander';
import { configDefaults, providerFlags } from '../config-from-flags.js';
import { outputMode, type Terminal } from '../output/terminal.js';
import { addTrustFlags, type TrustFlags, trustOptionsOf } from './trust-flags.js';

/** `forge synth`: verified training data from a run's failure memory or a failures JSONL. */
export function synthCommand(program: Command, terminal: Terminal): void {
  const command = program
    .command('synth')
    .description("generate verified training data from a run's failure modes or a failures JSONL")
    .option(
      '--run <dir>',
      'take the failure modes of this run (its benchmark and optimizer model are the defaults)',
    )
    .option('--epoch <n>', "which epoch of the run's memory (default: the latest with modes)")
    .option('--failures <file>', 'a failures JSONL to file into failure modes and synthesize from')
    .option('-b, --benchmark <id>', 'benchmark giving the signature, tools and holdout')
    .option('--program <module>', 'your own benchmark module')
    .option('--data-dir <dir>', 'benchmark data directory')
    .option('-m, --model <model>', 'generator (and assigner) model')
    .option('--verifier-model <model>', 'verifier model (default: --model)')
    .requiredOption('-k, --attempts <n>', 'generation attempts')
    .option('--seed <n>', 'seed', '0')
    .option('--generic', 'one generic intent instead of positive/negative/boundary/stress')
    .option(
      '--no-holdout',
      "don't guard against reproducing validation items (test overlap is only audited afterwards)",
    )
    .option('--out <file>', 'admitted instances', 'synthetic.jsonl')
    .option(
      '--format <format>',
      'jsonl (instances with provenance) or trl (prompt + gold columns)',
      'jsonl',
    )
    .option('--rejected-out <file>', 'rejected attempts with reasons (useful as negatives)')
    .option(
      '-c, --config <file>',
      'take defaults (benchmark, models, providers) from a config file',
    )
    .option('--provider <name=module...>', 'register your own provider module')
    .option('--json', 'print one JSON line per attempt and a final summary');
  addTrustFlags(command, "the --run directory's config.json");
  command.action(async (flags: Record<string, string | boolean | string[] | undefined>) => {
    const mode = outputMode(terminal, flags['json'] === true);
    const text = (key: string) =>
      typeof flags[key] === 'string' ? (flags[key] as string) : undefined;
    // Without a run, a config file (given or found) supplies the benchmark, model and providers.
    const defaults =
      flags['run'] === undefined
        ? await configDefaults(text('config'), process.cwd(), (line) => terminal.err.write(line))
        : {};
    const providers = {
      ...(defaults['providers'] as Record<string, string> | undefined),
      ...providerFlags(flags['provider'] as string[] | undefined),
    };
    const { synthesizeFromFailures } = await import('@forge/sdk');
    const result = await synthesizeFromFailures(
      {
        ...(Object.keys(providers).length === 0 ? {} : { providers }),
        ...(typeof defaults['benchmark'] === 'string' ? { benchmark: defaults['benchmark'] } : {}),
        ...(typeof defaults['dataDir'] === 'string' ? { dataDir: defaults['dataDir'] } : {}),
        ...(defaults['optimizerModel'] === undefined
          ? {}
          : { model: defaults['optimizerModel'] as string }),
        ...(text('run') === undefined ? {} : { run: text('run') as string }),
        ...trustOptionsOf(flags as TrustFlags),
        ...(text('epoch') === undefined ? {} : { epoch: Number(text('epoch')) }),
        ...(text('failures') === undefined ? {} : { failures: text('failures') as string }),
        ...(text('benchmark') === undefined ? {} : { benchmark: text('benchmark') as string }),
        ...(text('program') === undefined ? {} : { program: text('program') as string }),
        ...(text('dataDir') === undefined ? {} : { dataDir: text('dataDir') as string }),
        ...(text('model') === undefined ? {} : { model: text('model') as string }),
        ...(text('verifierModel') === undefined
          ? {}
          : { verifierModel: text('verifierModel') as string }),
        attempts: Number(text('attempts')),
        seed: Number(text('seed') ?? 0),
        intents: flags['generic'] === true ? 'generic' : 'cycle',
        holdout: flags['holdout'] !== false,
        ...(text('out') === undefined ? {} : { out: text('out') as string }),
        format: text('format') === 'trl' ? 'trl' : 'jsonl',
        ...(text('rejectedOut') === undefined
          ? {}
          : { rejectedOut: text('rejectedOut') as string }),
      },
      {
        onAttemptEnd: (record) => {
          if (mode === 'json') {
            terminal.out.write(
              `${JSON.stringify({ type: 'attempt-end', slot: record.slot, outcome: record.outcome, reason: record.reason, intent: record.intent, mode: record.modeName })}\n`,
            );
          } else {
            terminal.err.write(
              `slot ${record.slot} (${record.modeName ?? 'random'}, ${record.intent}): ${record.outcome}${record.outcome === 'admitted' ? '' : ` — ${record.reason}`}\n`,
            );
          }
        },
      },
    );
    if (mode === 'json') {
      terminal.out.write(
        `${JSON.stringify({ type: 'synth-end', admitted: result.admitted.length, attempts: result.attempts.length, files: result.files, ...(result.leakageAudit === undefined ? {} : { leakageAudit: result.leakageAudit }) })}\n`,
      );
    } else {
      const audit = result.leakageAudit;
      const auditLine =
        audit === undefined
          ? ''
          : `leakage audit (${audit.checked} admitted): ${Object.entries(audit.partitions)
              .map(([name, partition]) => `${name} ${partition.matches.length} match(es)`)
              .join(', ')}\n`;
      terminal.out.write(
        `${result.reportText}\n${auditLine}wrote ${result.files.join(', ') || 'nothing (no --out)'}\n`,
      );
    }
  });
}
