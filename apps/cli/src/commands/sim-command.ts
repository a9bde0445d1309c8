import { InvalidArgumentError } from '@forge/provider';
import type { FaultKind } from '@forge/sim';
import type { Command } from 'commander';
import type { Terminal } from '../output/terminal.js';

/** `forge sim serve`: the simulated models over the OpenAI-compatible wire, on loopback. */
export function simCommand(program: Command, terminal: Terminal): void {
  const sim = program.command('sim').description('the offline simulated world');
  sim
    .command('serve')
    .description(
      'serve sim:task and sim:optimizer over the OpenAI Chat Completions wire; they serve only the simulated date world (-b sim) — for your own program use scriptedTaskModel/scriptedOptimizer from @forge/sdk/testing',
    )
    .option('--host <host>', 'interface', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8787')
    .option('--latency-ms <ms>', 'latency of every call', '0')
    .option('--malformed-rate <rate>', 'rate of malformed optimizer outputs', '0.03')
    .option('--seed <n>', 'seed', '0')
    .option(
      '--fault-rate <rate>',
      'inject faults into this fraction of calls, through a proxy in front of the server (0–1)',
      '0',
    )
    .option('--fault-seed <n>', 'seed of the fault decisions', '0')
    .option(
      '--faults <kinds>',
      'comma-separated fault kinds (default all; `forge sim faults` lists them)',
    )
    .option('--fault-slow-ms <ms>', 'how long a "slow" fault holds an answer back', '30000')
    .action(
      async (flags: {
        host: string;
        port: string;
        latencyMs: string;
        malformedRate: string;
        seed: string;
        faultRate: string;
        faultSeed: string;
        faults?: string;
        faultSlowMs: string;
      }) => {
        const { startSimServer, startFaultProxy, faultKinds } = await import('@forge/sim');
        const faultRate = Number(flags.faultRate);
        const weights = parseFaultKinds(flags.faults, faultKinds);
        const server = await startSimServer({
          host: flags.host,
          port: faultRate > 0 ? 0 : Number(flags.port),
          latency: Number(flags.latencyMs),
          malformedRate: Number(flags.malformedRate),
          seed: Number(flags.seed),
        });
        const proxy =
          faultRate > 0
            ? await startFaultProxy({
                upstream: server.url.replace(/\/v1$/, ''),
                seed: Number(flags.faultSeed),
                rate: faultRate,
                ...(weights === undefined ? {} : { weights }),
                slowMs: Number(flags.faultSlowMs),
                host: flags.host,
                port: Number(flags.port),
              })
            : undefined;
        const url = proxy === undefined ? server.url : `${proxy.url}/v1`;
        terminal.out.write(
          `simulated OpenAI-compatible server at ${url} (models "task" and "optimizer"; simulated, not a real LLM)${proxy === undefined ? '' : `, with faults injected into ${faultRate * 100}% of calls (seed ${flags.faultSeed})`}\n` +
            `it serves only the simulated date world (benchmark sim): any other program scores 0 on it; for your own program offline use scriptedTaskModel and scriptedOptimizer from @forge/sdk/testing (docs/try-without-a-model.md)\n` +
            `try: OPENAI_BASE_URL=${url} forge optimize -b sim -t openai:task -o openai:optimizer --budget 300\n`,
        );
        await new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            if (proxy !== undefined) {
              const stats = proxy.stats();
              terminal.out.write(
                `${stats.requests} requests, ${stats.totalFaults} faults injected: ${Object.entries(
                  stats.faults,
                )
                  .filter(([, count]) => count > 0)
                  .map(([kind, count]) => `${kind} ${count}`)
                  .join(', ')}\n`,
              );
            }
            void Promise.all([server.close(), proxy?.close()]).then(() => resolve());
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
      },
    );
  sim
    .command('faults')
    .description('list the fault kinds `forge sim serve --faults` can inject')
    .action(async () => {
      const { faultKinds, faultDescriptions } = await import('@forge/sim');
      for (const kind of faultKinds) terminal.out.write(`${kind}\t${faultDescriptions[kind]}\n`);
    });
}

function parseFaultKinds(
  text: string | undefined,
  faultKinds: readonly FaultKind[],
): Partial<Record<FaultKind, number>> | undefined {
  if (text === undefined) return undefined;
  const weights: Partial<Record<FaultKind, number>> = {};
  for (const name of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (!faultKinds.includes(name as FaultKind)) {
      throw new InvalidArgumentError({
        argument: '--faults',
        message: `--faults: unknown fault kind "${name}"; known kinds: ${faultKinds.join(', ')}`,
      });
    }
    weights[name as FaultKind] = 1;
  }
  return weights;
}
