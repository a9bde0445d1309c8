import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModel } from '@forge/provider';
import { createSimOptimizerModel, simOptimizerModelId } from '../optimizer/sim-optimizer-model.js';
import { resolveSimOptions, type SimOptions } from '../sim-options.js';
import { createSimTaskModel, simTaskModelId } from '../task-model/sim-task-model.js';
import {
  chatCompletionRequestSchema,
  openAIError,
  toChatCompletion,
  toGenerateRequest,
} from './openai-wire.js';

/** Options of `startSimServer`: where to listen, plus the world's knobs. */
export interface SimServerOptions extends SimOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /** Port; 0 picks a free one. Default 0. */
  readonly port?: number;
  /**
   * When set, every request must carry `Authorization: Bearer <apiKey>` and gets the 401 of a
   * real server otherwise (to test where keys come from). Default: any key or none.
   */
  readonly apiKey?: string;
}

/** A running simulated server. */
export interface SimServer {
  /** Base URL for an OpenAI-compatible client, ending in `/v1`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Requests received so far: chat completions, and model listings (health probes). */
  requestCounts(): { readonly completions: number; readonly models: number };
  /**
   * Holds every chat completion this long before answering, from now on — a slow server, for
   * tests of routing. A transport delay only: the answers stay the same. 0 turns it off.
   */
  setResponseDelay(milliseconds: number): void;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** What the request handler counts and how long it holds answers. */
interface Traffic {
  /** Chat completion requests received. */
  completions: number;
  /** Model listing requests received. */
  models: number;
  /** How long each completion is held before it is sent. */
  delayMs: number;
}

const maxBodyBytes = 16 * 1024 * 1024;

/**
 * Serves the simulated task and optimizer models over the OpenAI Chat Completions wire
 * (`POST /v1/chat/completions`, non-streaming, with tool calls; `GET /v1/models`), so any
 * OpenAI-compatible client, Forge's own adapter included, can drive the simulated world.
 * Models are `task` and `optimizer` (also accepted as `sim:task`, `sim:optimizer`).
 */
export async function startSimServer(options: SimServerOptions = {}): Promise<SimServer> {
  const { host = '127.0.0.1', port = 0, apiKey, ...knobs } = options;
  const resolved = resolveSimOptions(knobs);
  const models = new Map<string, LanguageModel>([
    [simTaskModelId, createSimTaskModel(resolved)],
    [simOptimizerModelId, createSimOptimizerModel(resolved)],
  ]);
  const lookup = (id: string) => models.get(id.startsWith('sim:') ? id.slice(4) : id);
  const traffic: Traffic = { completions: 0, models: 0, delayMs: 0 };
  const server = createServer((request, response) => {
    if (apiKey !== undefined && request.headers.authorization !== `Bearer ${apiKey}`) {
      request.resume();
      send(
        response,
        401,
        openAIError(
          'Incorrect API key provided (simulated server).',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
      return;
    }
    handle(request, response, lookup, [...models.keys()], traffic).catch((error: unknown) => {
      if (!response.headersSent) {
        send(
          response,
          500,
          openAIError(`simulated server error: ${(error as Error).message}`, 'server_error', null),
        );
      } else {
        response.destroy();
      }
    });
  });
  // Node closes idle keep-alive sockets after 5 s; a client reusing one at that moment sees a
  // reset. Real API endpoints keep them far longer, and so does the simulated one.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}/v1`,
    port: address.port,
    requestCounts: () => ({ completions: traffic.completions, models: traffic.models }),
    setResponseDelay: (milliseconds) => {
      if (!(milliseconds >= 0)) {
        throw new RangeError(`setResponseDelay: expected milliseconds >= 0, got ${milliseconds}`);
      }
      traffic.delayMs = milliseconds;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  lookup: (id: string) => LanguageModel | undefined,
  ids: readonly string[],
  traffic: Traffic,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
  if (request.method === 'GET' && path.startsWith('/v1/models')) traffic.models++;
  if (request.method === 'POST' && path === '/v1/chat/completions') traffic.completions++;
  if (request.method === 'GET' && path === '/v1/models') {
    send(response, 200, { object: 'list', data: ids.map(describeModel) });
    return;
  }
  const single = /^\/v1\/models\/(.+)$/.exec(path);
  if (request.method === 'GET' && single?.[1] !== undefined) {
    const id = decodeURIComponent(single[1]);
    if (lookup(id) === undefined) {
      send(
        response,
        404,
        openAIError(
          `The model '${id}' does not exist`,
          'invalid_request_error',
          'model_not_found',
          'model',
        ),
      );
    } else {
      send(response, 200, describeModel(id));
    }
    return;
  }
  if (path !== '/v1/chat/completions') {
    send(
      response,
      404,
      openAIError(
        `Unknown route ${request.method} ${path}`,
        'invalid_request_error',
        'unknown_url',
      ),
    );
    return;
  }
  if (request.method !== 'POST') {
    send(
      response,
      405,
      openAIError(
        'Use POST for /v1/chat/completions',
        'invalid_request_error',
        'method_not_allowed',
      ),
    );
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch (error) {
    send(
      response,
      400,
      openAIError(
        `Request body is not valid JSON: ${(error as Error).message}`,
        'invalid_request_error',
        'invalid_json',
      ),
    );
    return;
  }
  const parsed = chatCompletionRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.map(String).join('.') || null;
    send(
      response,
      400,
      openAIError(
        `Invalid request: ${issue?.message ?? 'invalid body'}${param ? ` at ${param}` : ''}`,
        'invalid_request_error',
        'invalid_value',
        param,
      ),
    );
    return;
  }
  if (parsed.data.stream === true) {
    send(
      response,
      400,
      openAIError(
        'The simulated server does not stream; send stream: false.',
        'invalid_request_error',
        'unsupported_value',
        'stream',
      ),
    );
    return;
  }
  const model = lookup(parsed.data.model);
  if (model === undefined) {
    send(
      response,
      404,
      openAIError(
        `The model '${parsed.data.model}' does not exist`,
        'invalid_request_error',
        'model_not_found',
        'model',
      ),
    );
    return;
  }
  const abort = new AbortController();
  response.on('close', () => {
    if (!response.writableEnded) abort.abort(new Error('client closed the connection'));
  });
  const result = await model.generate(toGenerateRequest(parsed.data, abort.signal));
  if (traffic.delayMs > 0 && !(await held(traffic.delayMs, abort.signal))) return;
  send(response, 200, toChatCompletion(result, parsed.data.model, Math.floor(Date.now() / 1000)));
}

/** Waits; false when the client went away meanwhile (nothing is left to answer). */
function held(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function describeModel(id: string) {
  return { id, object: 'model', created: 0, owned_by: 'forge-sim (simulated)' };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `sim-${Date.now().toString(36)}`,
  });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
