import { createEndpointPool, type EndpointPool } from '@forge/endpoints';
import { endpointLabel } from '@forge/provider';
import type OpenAI from 'openai';
import { loadOpenAISdk } from './load-openai-sdk.js';
import { mapOpenAIError } from './map-openai-error.js';
import { OpenAIChatModel } from './openai-chat-model.js';
import type { OpenAIPoolSettings } from './openai-settings.js';

/**
 * One model over several OpenAI-compatible servers (e.g. vLLM instances serving the same
 * weights). Each server gets its own SDK client; a server is probed with `GET /models`, which
 * every OpenAI-compatible server answers cheaply without running the model.
 */
export function createOpenAIEndpointPool(
  modelId: string,
  options: {
    /** One client per base URL (or a function making it at first use), in configured order. */
    readonly clients: readonly {
      readonly baseURL: string;
      readonly client: OpenAI | (() => Promise<OpenAI>);
    }[];
    /** Provider name the models report. */
    readonly provider: string;
    /** Routing and probing settings. */
    readonly pool: OpenAIPoolSettings;
  },
): EndpointPool {
  const { provider, pool } = options;
  return createEndpointPool({
    endpoints: options.clients.map(({ baseURL, client }) => ({
      url: endpointLabel(baseURL),
      model: new OpenAIChatModel(modelId, { client, provider, baseURL: endpointLabel(baseURL) }),
      probe: async (signal: AbortSignal) => {
        try {
          const ready = typeof client === 'function' ? await client() : client;
          await ready.models.list({ signal, maxRetries: 0 });
        } catch (error) {
          throw mapOpenAIError(error, {
            sdk: await loadOpenAISdk(),
            provider,
            modelId,
            baseURL: endpointLabel(baseURL),
            signal,
          });
        }
      },
    })),
    ...(pool.endpointConcurrency === undefined
      ? {}
      : { endpointConcurrency: pool.endpointConcurrency }),
    ...(pool.probeDelayMs === undefined ? {} : { probeDelayMs: pool.probeDelayMs }),
    ...(pool.maxProbeDelayMs === undefined ? {} : { maxProbeDelayMs: pool.maxProbeDelayMs }),
    ...(pool.probeTimeoutMs === undefined ? {} : { probeTimeoutMs: pool.probeTimeoutMs }),
    ...(pool.healthCheckIntervalMs === undefined
      ? {}
      : { healthCheckIntervalMs: pool.healthCheckIntervalMs }),
    ...(pool.clock === undefined ? {} : { clock: pool.clock }),
  });
}
