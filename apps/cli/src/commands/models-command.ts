import type { Command } from 'commander';
import type { Terminal } from '../output/terminal.js';

/** `forge models pull <url>`: downloads a GGUF model for `local:` model strings. */
export function modelsCommand(program: Command, terminal: Terminal): void {
  const models = program.command('models').description('local GGUF models (local:<path>)');
  models
    .command('pull')
    .description(
      'download a GGUF model (https://…/<file>.gguf or hf:<user>/<repo>/<file>.gguf) into a models folder; an interrupted download resumes',
    )
    .argument('<url>', 'URL of the .gguf file, or hf:<user>/<repo>/<file>.gguf')
    .option('--dir <dir>', 'models folder', 'models')
    .action(async (url: string, flags: { dir: string }) => {
      const { pullLocalModel } = await import('@forge/sdk');
      let shown = -1;
      const result = await pullLocalModel({
        url,
        directory: flags.dir,
        onProgress: ({ receivedBytes, totalBytes }) => {
          if (totalBytes === undefined) return;
          const percent = Math.floor((receivedBytes / totalBytes) * 100);
          if (percent >= shown + 10) {
            shown = percent;
            terminal.err.write(`${percent}% of ${(totalBytes / 1024 ** 2).toFixed(0)} MB\n`);
          }
        },
      });
      terminal.out.write(
        `${result.outcome === 'present' ? 'already there' : result.outcome}: ${result.path} (${(result.bytes / 1024 ** 2).toFixed(1)} MB)\nuse it as: -t local:${result.path}\n`,
      );
    });
}
