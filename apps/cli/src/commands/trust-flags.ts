import type { Command } from 'commander';

/** The flags that say which of a received directory's recorded settings this invocation uses. */
export interface TrustFlags {
  trustRunModules?: boolean;
  baseUrl?: string[];
}

/**
 * Adds `--base-url <url>` (repeatable) and, unless the command has it already,
 * `--trust-run-modules`, describing them for `what` (`the run's config.json`).
 */
export function addTrustFlags(
  command: Command,
  what: string,
  options: { readonly trustFlag?: boolean } = {},
): Command {
  if (options.trustFlag !== false) {
    command.option(
      '--trust-run-modules',
      `import the modules ${what} names and use the model endpoints it records without their being given again (only for a directory that is yours)`,
    );
  }
  return command.option(
    '--base-url <url>',
    `a model server this invocation vouches for: a baseURL ${what} records is sent your keys only when given here (repeatable), in OPENAI_BASE_URL / ANTHROPIC_BASE_URL / OLLAMA_HOST, or in your config file`,
    (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
  );
}

/** The sdk's `trustRunModules` and `endpoints` from the flags given. */
export function trustOptionsOf(flags: TrustFlags): {
  trustRunModules?: true;
  endpoints?: string[];
} {
  return {
    ...(flags.trustRunModules === true ? { trustRunModules: true } : {}),
    ...(flags.baseUrl === undefined || flags.baseUrl.length === 0
      ? {}
      : { endpoints: flags.baseUrl }),
  };
}
