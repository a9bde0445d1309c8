import { ForgeError } from '@forge/provider';

const name = 'AppWorldServerStartError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Supervised environment servers did not all answer within the startup wait. */
export class AppWorldServerStartError extends ForgeError {
  protected readonly [symbol] = true;
  /** The servers that never answered, with the last lines each printed. */
  readonly servers: readonly { readonly url: string; readonly output: readonly string[] }[];

  constructor(options: {
    servers: readonly { readonly url: string; readonly output: readonly string[] }[];
    waitedMs: number;
  }) {
    super({
      name,
      message: `AppWorld environment server(s) did not start within ${Math.round(options.waitedMs / 1000)} s: ${options.servers
        .map(
          (server) =>
            `${server.url} (last output: ${server.output.slice(-3).join(' | ') || 'none'})`,
        )
        .join(
          '; ',
        )}. Check that \`appworld install\` and \`appworld download data\` ran for the root directory.`,
    });
    this.servers = options.servers;
  }

  static override isInstance(error: unknown): error is AppWorldServerStartError {
    return ForgeError.hasMarker(error, marker);
  }
}
