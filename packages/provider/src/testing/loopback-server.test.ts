import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from './loopback-server.js';

describe('startLoopbackServer', () => {
  it('records requests and answers from the queue, then the handler, else 500', async () => {
    await using server = await startLoopbackServer({
      handler: (request, index) => ({ json: { echo: request.body, index } }),
    });
    server.enqueue({ status: 201, headers: { 'x-test': 'yes' }, body: 'first' });
    const first = await fetch(`${server.url}/a`, { method: 'POST', body: '{"n":1}' });
    expect([first.status, first.headers.get('x-test'), await first.text()]).toEqual([
      201,
      'yes',
      'first',
    ]);
    const second = await fetch(`${server.url}/b`, { method: 'POST', body: '{"n":2}' });
    expect(await second.json()).toEqual({ echo: { n: 2 }, index: 1 });
    expect(server.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/a', { n: 1 }],
      ['POST', '/b', { n: 2 }],
    ]);
  });

  it('notices a client that leaves before a delayed answer', async () => {
    await using server = await startLoopbackServer();
    server.enqueue({ delayMs: 5000, json: {} });
    const controller = new AbortController();
    const pending = fetch(server.url, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await server.waitForRequest(0);
    expect(server.requests[0]?.clientClosed).toBe(false);
    controller.abort();
    await pending;
    await server.waitForClientClose(0);
    expect(server.requests[0]?.clientClosed).toBe(true);
    await expect(server.waitForRequest(1, 20)).rejects.toThrow('no request 1 arrived within 20 ms');
  });

  it('cuts a body mid-way after the promised content-length was sent', async () => {
    await using server = await startLoopbackServer();
    server.enqueue({ json: { text: 'a long enough answer' }, cutAfterBytes: 5 });
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(
      String('{"text":"a long enough answer"}'.length),
    );
    await expect(response.text()).rejects.toThrow('terminated');
  });

  it('answers 500 when nothing is scripted', async () => {
    await using server = await startLoopbackServer();
    const response = await fetch(server.url);
    expect(response.status).toBe(500);
  });
});
