import type { Command } from 'commander';
import type { Terminal } from '../output/terminal.js';

/** `forge sim serve`: the simulated models over the OpenAI-compatible wire, on loopback. */
export function simCommand(program: Command, terminal: Terminal): void {
  const sim = program.command('sim').description('the offline simulated world');
  sim
    .command('serve')
    .description('serve sim:task and sim:optimizer over the OpenAI Chat Completions wire')
    .option('--host <host>', 'interface', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8787')
    .option('--latency-ms <ms>', 'latency of every call', '0')
    .option('--malformed-rate <rate>', 'rate of malformed optimizer outputs', '0.03')
    .option('--seed <n>', 'seed', '0')
    .action(
      async (flags: {
        host: string;
        port: string;
        latencyMs: string;
        malformedRate: string;
        seed: string;
      }) => {
        const { startSimServer } = await import('@forge/sim');
        const server = await startSimServer({
          host: flags.host,
          port: Number(flags.port),
          latency: Number(flags.latencyMs),
          malformedRate: Number(flags.malformedRate),
          seed: Number(flags.seed),
        });
        terminal.out.write(
          `simulated OpenAI-compatible server at ${server.url} (models "task" and "optimizer"; simulated, not a real LLM)\n` +
            `try: OPENAI_BASE_URL=${server.url} forge optimize -b sim -t openai:task -o openai:optimizer --budget 300\n`,
        );
        await new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            void server.close().then(resolve);
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
      },
    );
}
