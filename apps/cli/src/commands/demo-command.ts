import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { exitCodeForSignal } from '../exit-codes.js';
import { integerFlag, seedFlag } from '../flag-values.js';
import { handleInterrupts } from '../interrupts.js';
import { createRunRenderer } from '../output/run-renderer.js';
import { printRunSummary } from '../output/run-summary.js';
import { outputMode, percent, type Terminal, table } from '../output/terminal.js';

/** `forge demo`: the whole method on the offline simulated world. */
export function demoCommand(
  program: Command,
  terminal: Terminal,
  setExit: (code: number) => void,
): void {
  program
    .command('demo')
    .description(
      'run Forge offline on the simulated date-normalisation world (no model or network needed)',
    )
    .option('--budget <evaluations>', 'task evaluations to spend (default 800)')
    .option(
      '--no-perfect-stop',
      'keep searching after the best candidate scores the maximum (1) on validation (default: stop there)',
    )
    .option('--seed <n>', 'seed', '1')
    .option('--run-dir <dir>', 'run directory (default forge-runs/sim-<time>)')
    .option('--compare', 'also run the prompt-search ablation (no synthesis) and compare')
    .option('--json', 'print one JSON event per line')
    .option(
      '--local <gguf>',
      'answer the tasks with a real GGUF model run in process on the CPU (local:<gguf>; needs node-llama-cpp); default budget 40',
    )
    .option(
      '-o, --optimizer-model <model>',
      'optimizer model with --local (default sim:optimizer, the simulated optimizer)',
    )
    .action(
      async (flags: {
        budget?: string;
        perfectStop?: boolean;
        seed: string;
        runDir?: string;
        compare?: boolean;
        json?: boolean;
        local?: string;
        optimizerModel?: string;
      }) => {
        const { optimize } = await import('@forge/sdk');
        const mode = outputMode(terminal, flags.json === true);
        const local = flags.local !== undefined;
        if (flags.optimizerModel !== undefined && !local) {
          throw new InvalidArgumentError({
            argument: '--optimizer-model',
            message: '--optimizer-model goes with --local (the plain demo is simulated throughout)',
          });
        }
        const optimizerModel = flags.optimizerModel ?? 'sim:optimizer';
        const config = {
          benchmark: 'sim',
          taskModel: local ? `local:${flags.local}` : 'sim:task',
          optimizerModel,
          seed: seedFlag('--seed', flags.seed) ?? 1,
          budget: {
            maxEvaluations: integerFlag('--budget', flags.budget, 1) ?? (local ? 40 : 800),
            ...(flags.perfectStop === false ? { stopAtPerfectScore: false } : {}),
          },
          ...(flags.runDir === undefined ? {} : { runDir: flags.runDir }),
        };
        if (local && mode !== 'json') {
          terminal.err.write(
            `task model: local:${flags.local} (real inference, in this process, on the CPU); optimizer: ${optimizerModel}${optimizerModel.startsWith('sim:') ? ' (simulated)' : ''}; data and metric: the simulated date-normalisation world\n`,
          );
        }
        const renderer = createRunRenderer(terminal, mode);
        const interrupts = handleInterrupts(renderer.notice);
        try {
          const started = Date.now();
          const result = await optimize(config, {
            onEvent: renderer.onEvent,
            stopSignal: interrupts.stopSignal,
            abortSignal: interrupts.abortSignal,
          });
          renderer.finish();
          printRunSummary(terminal, mode, result);
          if (flags.compare && !interrupts.interrupted) {
            const ablation = await optimize({
              ...config,
              variant: 'prompt-search',
              runDir: `${result.runDir}-prompt-search`,
            });
            if (mode !== 'json') {
              terminal.out.write(
                `\n${table([
                  ['simulated comparison', 'validation', 'test'],
                  [
                    'prompt search alone',
                    percent(ablation.bestScore),
                    percent(ablation.testBestScore),
                  ],
                  [
                    'forge (with failure-guided synthesis)',
                    percent(result.bestScore),
                    percent(result.testBestScore),
                  ],
                ])}\n`,
              );
            } else {
              terminal.out.write(
                `${JSON.stringify({ type: 'comparison', promptSearch: ablation.bestScore, forge: result.bestScore, simulated: true })}\n`,
              );
            }
          }
          if (mode !== 'json')
            terminal.err.write(
              `demo finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
            );
          if (interrupts.interrupted) setExit(exitCodeForSignal(interrupts.signal ?? 'SIGINT'));
        } catch (error) {
          renderer.finish();
          if (interrupts.interrupted) {
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
