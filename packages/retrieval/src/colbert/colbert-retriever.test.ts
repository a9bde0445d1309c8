import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetrievalError } from '../retrieval-error.js';
import { createColbertRetriever } from './colbert-retriever.js';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const received: Received[] = [];
let handler: Handler = () => {};
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function answer(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const topk = [
  {
    text: 'Ada Lovelace | Ada Lovelace was a mathematician.',
    pid: 7,
    rank: 1,
    score: 21.5,
    prob: 0.7,
  },
  {
    text: 'Charles Babbage | Charles Babbage designed engines.',
    pid: 3,
    rank: 2,
    score: 19.1,
    prob: 0.3,
  },
  { text: 'Analytical Engine | A proposed computer.', pid: 9, rank: 3, score: 12.0, prob: 0.0 },
];

async function failure(promise: Promise<unknown>): Promise<RetrievalError> {
  try {
    await promise;
  } catch (error) {
    if (RetrievalError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a RetrievalError');
}

describe('createColbertRetriever', () => {
  it('sends GET ?query=&k= and returns the passages in server order, cut to k', async () => {
    handler = answer(200, { query: 'q', topk });
    received.length = 0;
    const retriever = createColbertRetriever({ url: `${base}/wiki17_abstracts` });
    const passages = await retriever.search('who was Ada & Babbage?', 2);
    expect(passages).toEqual([topk[0]?.text, topk[1]?.text]);
    const url = new URL(received[0]?.url ?? '', base);
    expect(received[0]?.method).toBe('GET');
    expect(url.pathname).toBe('/wiki17_abstracts');
    expect(url.searchParams.get('query')).toBe('who was Ada & Babbage?');
    expect(url.searchParams.get('k')).toBe('2');
  });

  it('can POST a JSON body instead', async () => {
    handler = answer(200, { topk });
    received.length = 0;
    const retriever = createColbertRetriever({ url: `${base}/search`, postRequests: true });
    expect(await retriever.search('engines', 3)).toHaveLength(3);
    expect(received[0]?.method).toBe('POST');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ query: 'engines', k: 3 });
  });

  it('reports HTTP errors with the status and whether a retry may help', async () => {
    const retriever = createColbertRetriever({ url: base });
    handler = answer(503, 'overloaded');
    const unavailable = await failure(retriever.search('x', 1));
    expect([unavailable.reason, unavailable.statusCode, unavailable.isRetryable]).toEqual([
      'http',
      503,
      true,
    ]);
    expect(unavailable.message).toContain('HTTP 503');
    handler = answer(400, 'bad k');
    const badRequest = await failure(retriever.search('x', 1));
    expect([badRequest.statusCode, badRequest.isRetryable]).toEqual([400, false]);
  });

  it('rejects an error body, a body without topk, and a body that is not JSON', async () => {
    const retriever = createColbertRetriever({ url: base });
    handler = answer(200, { error: true, message: 'index not loaded' });
    const reported = await failure(retriever.search('x', 1));
    expect(reported.reason).toBe('invalid-response');
    expect(reported.message).toContain('index not loaded');
    handler = answer(200, { results: [] });
    expect((await failure(retriever.search('x', 1))).message).toContain('"topk"');
    handler = answer(200, { topk: [{ pid: 1 }] });
    expect((await failure(retriever.search('x', 1))).message).toContain('topk.0.text');
    handler = answer(200, '<html>');
    expect((await failure(retriever.search('x', 1))).message).toContain('not JSON');
  });

  it('times out a server that never answers', async () => {
    handler = () => {};
    const retriever = createColbertRetriever({ url: base, timeoutMs: 100 });
    const error = await failure(retriever.search('slow', 1));
    expect([error.reason, error.isRetryable]).toEqual(['timeout', true]);
    expect(error.message).toContain('100 ms');
  });

  it('distinguishes a cancelled search from a timeout', async () => {
    handler = () => {};
    const controller = new AbortController();
    const retriever = createColbertRetriever({ url: base, timeoutMs: 5_000 });
    const running = retriever.search('slow', 1, { abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failure(running)).reason).toBe('aborted');
  });

  it('reports a server that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const retriever = createColbertRetriever({ url: `http://127.0.0.1:${port}/` });
    const error = await failure(retriever.search('x', 1));
    expect([error.reason, error.isRetryable]).toEqual(['connection', true]);
  });

  it('refuses k outside [1, 100] and a malformed URL before any request', async () => {
    const retriever = createColbertRetriever({ url: base });
    await expect(retriever.search('x', 101)).rejects.toThrow(/k must be an integer in \[1, 100\]/);
    expect(() => createColbertRetriever({ url: 'not a url' })).toThrow(/colbertUrl/);
  });
});
