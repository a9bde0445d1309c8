import type { Command } from 'commander';
import { configFromFlags, type RunFlags } from '../config-from-flags.js';
import { exitCodeForSignal } from '../exit-codes.js';
import { portFlag } from '../flag-values.js';
import { handleInterrupts } from '../interrupts.js';
import { estimateLines, expectedLines } from '../output/estimate-lines.js';
import { createRunRenderer } from '../output/run-renderer.js';
import { printRunSummary } from '../output/run-summary.js';
import { outputMode, type Terminal } from '../output/terminal.js';
import { watchRun } from '../output/watch-run.js';
import { addTrustFlags, type TrustFlags, trustOptionsOf } from './trust-flags.js';

/** Adds the flags that map onto config fields. */
export function addRunFlags(command: Command): Command {
  return command
    .option(
      '-c, --config <file>',
      'config file (default: forge.config.{ts,mts,mjs,js,json,yaml} here)',
    )
    .option(
      '-b, --benchmark <id>',
      'benchmark: hotpotqa, hover, ifbench, finer, lawbench, aime, mmlu-pro, appworld, sim',
    )
    .option('--program <module>', 'your own benchmark module instead of --benchmark')
    .option('--data-dir <dir>', 'benchmark data directory (default data/<benchmark>)')
    .option('-t, --task-model <model>', 'task model, "provider:model" (e.g. ollama:qwen3:8b)')
    .option(
      '-o, --optimizer-model <model>',
      'optimizer model, "provider:model" (e.g. openai:gpt-5.5)',
    )
    .option(
      '-m, --method <id>',
      'optimizer: forge (default) | prompt-search | random-synthesis | failure-memory | baseline | gepa | gepa-merge | ace | mipro, or another installed method',
    )
    .option('--variant <variant>', "alias of --method for Forge's five variants")
    .option(
      '--complete',
      "Forge's variants: run to completion (all E synthesis events, then P steps without a gain)",
    )
    .option(
      '--no-perfect-stop',
      "Forge's variants: keep searching after the best candidate scores the maximum (1) on validation (default: stop there)",
    )
    .option('--budget <evaluations>', 'task evaluations to spend (never exceeded)')
    .option('--max-steps <n>', 'stop after n steps')
    .option('--max-minutes <n>', 'stop after n minutes')
    .option('--max-cost <usd>', 'stop once the optimizer roles have spent this much')
    .option('--seed <n>', 'seed of every random decision')
    .option(
      '--concurrency <n>',
      "task evaluations in flight (default: the validation set's size, capped by the task model's limits)",
    )
    .option('--minibatch-size <n>', 'minibatch size')
    .option('--run-dir <dir>', 'run directory (default forge-runs/<benchmark>-<time>)')
    .option(
      '--provider <name=module...>',
      'register your own provider module, used as "<name>:<model>"',
    )
    .option(
      '--price <model=input/output...>',
      'the price of a model without one, USD per million tokens (e.g. openai:my-model=1.25/10)',
    )
    .option(
      '--extra-train <jsonl...>',
      "append these instances (e.g. another run's synthetic.jsonl) to the training split",
    )
    .option('--no-cache', "don't answer repeated calls from the run's cache")
    .option('--no-test', "don't evaluate on the test split after optimizing")
    .option(
      '--otel [endpoint]',
      'export the run as OpenTelemetry spans over OTLP/HTTP (default endpoint: OTEL_EXPORTER_OTLP_ENDPOINT, then http://localhost:4318)',
    )
    .option(
      '--otel-content',
      'with --otel: put prompts and answers (secrets redacted) on the spans',
    )
    .option('--json', 'print one JSON event per line');
}

/** `forge optimize`. */
export function optimizeCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  addTrustFlags(addRunFlags(program.command('optimize')), "on --resume, the run's config.json")
    .description(
      'optimize the prompts of a benchmark or your own program (and grow its training data)',
    )
    .option(
      '--resume <run>',
      'continue a saved run (its config is reused; flags given here override it)',
    )
    .option(
      '--dry-run',
      "estimate calls, tokens and cost — the expected figure (the typical stop and calls, tokens measured on the program; estimateAnswerTokens sets a real model's answer size) and the upper bound (the caps) — and spend nothing",
    )
    .option('--watch', 'serve the live report on 127.0.0.1 while the run goes')
    .option('--port <n>', "the live report's port (default: any free one)")
    .action(
      async (
        flags: RunFlags &
          TrustFlags & {
            resume?: string;
            dryRun?: boolean;
            json?: boolean;
            watch?: boolean;
            port?: string;
          },
      ) => {
        const port = portFlag('--port', flags.port);
        const { estimateRun, optimize, parseForgeConfig } = await import('@forge/sdk');
        const { config, file, lineOf } = await configFromFlags(flags, process.cwd(), (line) =>
          terminal.err.write(line),
        );
        const mode = outputMode(terminal, flags.json === true);
        if (flags.dryRun) {
          parseForgeConfig({ file, value: config, ...(lineOf === undefined ? {} : { lineOf }) });
          const estimate = await estimateRun(config as Parameters<typeof estimateRun>[0]);
          if (mode === 'json') {
            terminal.out.write(`${JSON.stringify({ type: 'estimate', ...estimate })}\n`);
            return;
          }
          const upperWall = estimate.roles.reduce((total, role) => total + role.wallSeconds, 0);
          terminal.out.write(
            estimateLines(
              `Estimate for ${estimate.method} on ${estimate.benchmark}: ${estimate.steps > 0 ? `up to ${estimate.steps.toLocaleString('en-US')} steps, ` : ''}up to ${estimate.evaluations.toLocaleString('en-US')} task evaluations${estimate.synthesisAttempts > 0 ? `, ${estimate.synthesisAttempts.toLocaleString('en-US')} synthesis attempts` : ''}\n${expectedLines(estimate, upperWall).trimEnd()}`,
              estimate,
            ),
          );
          return;
        }
        const renderer = createRunRenderer(terminal, mode);
        const interrupts = handleInterrupts(renderer.notice);
        const watch = flags.watch === true ? watchRun(terminal, renderer, port) : undefined;
        try {
          const result = await optimize(config, {
            configFile: file,
            ...(lineOf === undefined ? {} : { configLineOf: lineOf }),
            onEvent: (event) => {
              renderer.onEvent(event);
              watch?.onEvent(event);
            },
            stopSignal: interrupts.stopSignal,
            abortSignal: interrupts.abortSignal,
            ...(flags.resume === undefined ? {} : { resume: flags.resume }),
            ...trustOptionsOf(flags),
          });
          renderer.finish();
          await watch?.close();
          printRunSummary(terminal, mode, result);
          if (interrupts.interrupted) setExit(exitCodeForSignal(interrupts.signal ?? 'SIGINT'));
        } catch (error) {
          renderer.finish();
          await watch?.close();
          if (interrupts.interrupted) {
            terminal.err.write(
              `interrupted: progress up to the last completed step is saved; continue with --resume\n`,
            );
            setExit(exitCodeForSignal(interrupts.signal ?? 'SIGINT'));
            return;
          }
          throw error;
        } finally {
          interrupts.dispose();
        }
      },
    );
}
