import { createRequire } from 'node:module';
import { redactSecrets, terminalSafe } from '@forge/provider';
import { Command, CommanderError } from 'commander';
import { appworldCommand } from './commands/appworld-command.js';
import { dataCommand } from './commands/data-command.js';
import { demoCommand } from './commands/demo-command.js';
import { evalCommand } from './commands/eval-command.js';
import { modelsCommand } from './commands/models-command.js';
import { optimizeCommand } from './commands/optimize-command.js';
import { reportCommands } from './commands/report-command.js';
import { runsCommand } from './commands/runs-command.js';
import { simCommand } from './commands/sim-command.js';
import { suiteCommand } from './commands/suite-command.js';
import { synthCommand } from './commands/synth-command.js';
import { workerCommand } from './commands/worker-command.js';
import { exitCodeFor, exitCodes } from './exit-codes.js';
import { redactingTerminal } from './output/redacting-terminal.js';
import type { Terminal } from './output/terminal.js';

/** The CLI's version, from its own package.json (one level above both `src/` and `dist/`). */
const version = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/**
 * Runs `forge` with the given arguments and returns the exit code. Errors the user can fix are
 * printed as one clear line (never a stack trace); unexpected ones add the stack under
 * FORGE_DEBUG=1.
 */
export async function main(argv: readonly string[], given: Terminal): Promise<number> {
  const terminal = redactingTerminal(given);
  let exitCode: number = exitCodes.success;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const program = new Command()
    .name('forge')
    .description(
      'Optimize the prompts of LM programs and grow their training data from their own failures.',
    )
    .version(version)
    .configureOutput({
      writeOut: (text) => terminal.out.write(text),
      writeErr: (text) => terminal.err.write(text),
    })
    .exitOverride()
    .showHelpAfterError('(run forge --help for usage)');
  demoCommand(program, terminal, setExit);
  optimizeCommand(program, terminal, setExit);
  suiteCommand(program, terminal, setExit);
  workerCommand(program, terminal, setExit);
  synthCommand(program, terminal);
  evalCommand(program, terminal);
  reportCommands(program, terminal);
  runsCommand(program, terminal, setExit);
  dataCommand(program, terminal, setExit);
  simCommand(program, terminal);
  appworldCommand(program, terminal);
  modelsCommand(program, terminal);
  for (const command of program.commands) {
    command.exitOverride();
    for (const subcommand of command.commands) subcommand.exitOverride();
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
        ? exitCodes.success
        : exitCodes.usage;
    }
    const code = await exitCodeFor(error);
    // An error's text may carry a server's or a dataset's words: printed without control sequences.
    const message = terminalSafe(
      redactSecrets(error instanceof Error ? error.message : String(error)),
    );
    terminal.err.write(`forge: ${message}\n`);
    if (code === exitCodes.internal) {
      terminal.err.write(
        'this looks like a bug in Forge; please report it with the command you ran\n',
      );
      if (terminal.environment['FORGE_DEBUG'] === '1' && error instanceof Error)
        terminal.err.write(`${terminalSafe(redactSecrets(error.stack ?? ''))}\n`);
    }
    return code;
  }
}
