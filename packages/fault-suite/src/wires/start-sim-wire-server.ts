import { startAnthropicTestServer } from '@forge/provider-anthropic/testing';
import { startOllamaTestServer } from '@forge/provider-ollama/testing';
import { type FaultWire, type SimOptions, startSimServer } from '@forge/sim';
import { anthropicSimHandler } from './anthropic-sim-wire.js';
import { ollamaSimHandler } from './ollama-sim-wire.js';
import { simModelLookup } from './sim-models.js';

/** A simulated server speaking one provider's wire. */
export interface SimWireServer {
  /** Which wire. */
  readonly wire: FaultWire;
  /** The server's root, `http://127.0.0.1:<port>` (a fault proxy forwards here). */
  readonly root: string;
  /** The address a provider is given for `root` (OpenAI's ends in `/v1`). */
  addressFor(root: string): string;
  /** Stops it. */
  close(): Promise<void>;
}

/**
 * The simulated models over OpenAI's wire (`forge sim serve`'s server), Anthropic's Messages API
 * or Ollama's `/api/chat` (the adapters' loopback test servers with a handler that asks the
 * simulated models). Everything it answers is simulated.
 */
export async function startSimWireServer(
  wire: FaultWire,
  options: SimOptions = {},
): Promise<SimWireServer> {
  if (wire === 'openai') {
    const server = await startSimServer(options);
    return {
      wire,
      root: server.url.replace(/\/v1$/, ''),
      addressFor: (root) => `${root}/v1`,
      close: () => server.close(),
    };
  }
  const lookup = simModelLookup(options);
  const server =
    wire === 'anthropic'
      ? await startAnthropicTestServer({ handler: anthropicSimHandler(lookup) })
      : await startOllamaTestServer({ handler: ollamaSimHandler(lookup) });
  return { wire, root: server.url, addressFor: (root) => root, close: () => server.close() };
}
