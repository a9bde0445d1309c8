import { InvalidArgumentError } from '@forge/provider';
import type { Command } from 'commander';
import { outputMode, type Terminal } from '../output/terminal.js';

/** `forge appworld serve -n N`: start and supervise N AppWorld environment servers. */
export function appworldCommand(program: Command, terminal: Terminal): void {
  const appworld = program.command('appworld').description('AppWorld environment servers');
  appworld
    .command('serve')
    .description(
      'start N `appworld serve environment` servers on N ports and restart any that dies (needs `appworld` on PATH)',
    )
    .option('-n, --servers <n>', 'how many servers: one per task run at a time', '1')
    .option('--port <port>', 'port of the first server; the others take the next ports', '8000')
    .option(
      '--host <host>',
      'host in the printed URLs (the servers listen on all interfaces)',
      '127.0.0.1',
    )
    .option('--root <dir>', 'AppWorld root (default $APPWORLD_ROOT, else the current directory)')
    .option('--command <path>', 'the appworld command', 'appworld')
    .option('--startup-timeout <seconds>', 'how long the servers may take to answer', '180')
    .option('--json', 'print one JSON event per line')
    .action(
      async (flags: {
        servers: string;
        port: string;
        host: string;
        root?: string;
        command: string;
        startupTimeout: string;
        json?: boolean;
      }) => {
        const count = positiveInteger(flags.servers, 'servers');
        const port = positiveInteger(flags.port, 'port');
        const startupTimeoutMs = positiveInteger(flags.startupTimeout, 'startup-timeout') * 1000;
        const json = outputMode(terminal, flags.json === true) === 'json';
        const root = flags.root ?? terminal.environment['APPWORLD_ROOT'];
        const { superviseAppWorldServers } = await import('@forge/bench-appworld');
        const supervisor = superviseAppWorldServers({
          count,
          basePort: port,
          host: flags.host,
          command: flags.command,
          startupTimeoutMs,
          environment: terminal.environment,
          ...(root === undefined ? {} : { root }),
          onEvent: (event) => {
            if (json) terminal.out.write(`${JSON.stringify(event)}\n`);
            else if (event.type === 'server-exited')
              terminal.err.write(
                `${event.url} exited (${event.signal ?? `code ${event.code}`})${event.output.length > 0 ? `: ${event.output.slice(-3).join(' | ')}` : ''}\n`,
              );
            else if (event.type === 'server-restarting')
              terminal.err.write(`restarting ${event.url} in ${event.delayMs} ms\n`);
            else if (event.type === 'server-ready' && event.start > 1)
              terminal.err.write(`${event.url} is back\n`);
          },
        });
        let interrupted = false;
        const stopped = new Promise<void>((resolve) => {
          const stop = () => {
            interrupted = true;
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            void supervisor.stop().then(resolve);
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
        if (!json) terminal.err.write(`starting ${count} AppWorld environment server(s)…\n`);
        try {
          await supervisor.waitUntilReady(startupTimeoutMs);
        } catch (error) {
          await supervisor.stop();
          // Ctrl-C during start-up is a normal stop, not a failure.
          if (interrupted) return;
          throw error;
        }
        const urls = supervisor.urls;
        terminal.out.write(
          json
            ? `${JSON.stringify({ type: 'servers-ready', urls, benchmarkSettings: { servers: count, basePort: port }, concurrency: count })}\n`
            : [
                `AppWorld environment servers ready (supervised: one that dies is restarted; Ctrl-C stops them):`,
                ...urls.map((url) => `  ${url}`),
                'Use them, one task per server, with:',
                `  APPWORLD_SERVER_URLS=${urls.join(',')} forge optimize -b appworld --concurrency ${count} …`,
                'or in forge.config.yaml:',
                `  benchmark: appworld`,
                `  concurrency: ${count}`,
                `  benchmarkSettings: { servers: ${count}, basePort: ${port} }`,
                '',
              ].join('\n'),
        );
        await stopped;
      },
    );
}

function positiveInteger(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new InvalidArgumentError({
      argument: flag,
      message: `--${flag}: expected a positive integer, got "${value}"`,
    });
  }
  return number;
}
