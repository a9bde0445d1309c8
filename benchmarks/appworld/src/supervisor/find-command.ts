import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { ForgeError } from '@forge/provider';

const name = 'AppWorldCommandNotFoundError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** The `appworld` command (or the one given) is not an executable on PATH. */
export class AppWorldCommandNotFoundError extends ForgeError {
  protected readonly [symbol] = true;
  /** The command looked for. */
  readonly command: string;

  constructor(command: string) {
    super({
      name,
      message: `the \`${command}\` command was not found${command.includes('/') ? '' : ' on PATH'}. Install AppWorld with \`pip install appworld && appworld install && appworld download data\` (activate its virtual environment first if you use one), or give the path of the command with --command.`,
    });
    this.command = command;
  }

  static override isInstance(error: unknown): error is AppWorldCommandNotFoundError {
    return ForgeError.hasMarker(error, marker);
  }
}

/**
 * The absolute path of an executable: `command` itself when it contains a slash, else the
 * first match on `PATH`.
 * @throws AppWorldCommandNotFoundError
 */
export function findCommand(
  command: string,
  environment: Readonly<Record<string, string | undefined>>,
): string {
  const candidates = command.includes('/')
    ? [resolve(command)]
    : (environment['PATH'] ?? '')
        .split(delimiter)
        .filter((directory) => directory !== '')
        .map((directory) => join(directory, command));
  const found = candidates.find(isExecutable);
  if (found === undefined) throw new AppWorldCommandNotFoundError(command);
  return found;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
