import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSimServer } from '../server/start-sim-server.js';
import { type FaultKind, faultKinds } from './fault-plan.js';
import { startFaultProxy } from './start-fault-proxy.js';

let upstream: SimServer;
beforeAll(async () => {
  upstream = await startSimServer({ malformedRate: 0 });
});
afterAll(async () => {
  await upstream.close();
});

const chatBody = (content: string) =>
  JSON.stringify({ model: 'task', messages: [{ role: 'user', content }] });

async function only(kind: FaultKind, options: { wire?: 'openai' | 'anthropic' | 'ollama' } = {}) {
  return startFaultProxy({
    upstream: upstream.url.replace(/\/v1$/, ''),
    seed: 1,
    rate: 1,
    weights: { [kind]: 1 },
    slowMs: 5000,
    ...options,
  });
}

const post = (url: string, content = 'hello', signal?: AbortSignal) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: chatBody(content),
    ...(signal === undefined ? {} : { signal }),
  });

describe('startFaultProxy', () => {
  it('forwards untouched at rate 0, GETs included', async () => {
    await using proxy = await startFaultProxy({
      upstream: upstream.url.replace(/\/v1$/, ''),
      seed: 1,
      rate: 0,
    });
    const answer = await post(proxy.url);
    expect(answer.status).toBe(200);
    const direct = await fetch(`${upstream.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chatBody('hello'),
    });
    expect(((await answer.json()) as { choices: unknown }).choices).toEqual(
      ((await direct.json()) as { choices: unknown }).choices,
    );
    expect((await fetch(`${proxy.url}/v1/models`)).status).toBe(200);
    expect(proxy.stats()).toMatchObject({ requests: 2, clean: 2, totalFaults: 0 });
  });

  it('answers 429 with and without retry-after, 500, 503 and 529 in the OpenAI shape', async () => {
    const expected: [FaultKind, number, string | null][] = [
      ['rate-limit-retry-after', 429, '20'],
      ['rate-limit', 429, null],
      ['server-error', 500, null],
      ['unavailable', 503, null],
      ['overloaded', 529, null],
    ];
    for (const [kind, status, retryAfterMs] of expected) {
      await using proxy = await only(kind);
      const answer = await post(proxy.url);
      expect([answer.status, answer.headers.get('retry-after-ms')], kind).toEqual([
        status,
        retryAfterMs,
      ]);
      const body = (await answer.json()) as { error: { message: string } };
      expect(body.error.message).toContain('injected fault (simulated)');
      expect(proxy.stats().faults[kind]).toBe(1);
    }
  });

  it('writes Anthropic and Ollama error bodies for those wires', async () => {
    await using anthropic = await only('overloaded', { wire: 'anthropic' });
    expect(await (await post(anthropic.url)).json()).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });
    await using ollama = await only('unavailable', { wire: 'ollama' });
    expect(await (await post(ollama.url)).json()).toEqual({
      error: 'injected fault (simulated): HTTP 503',
    });
  });

  it('resets the connection, cuts a body, truncates JSON, and sends HTML', async () => {
    await using reset = await only('reset');
    await expect(post(reset.url)).rejects.toThrow('fetch failed');

    await using cut = await only('cut-body');
    const cutAnswer = await post(cut.url);
    expect(cutAnswer.status).toBe(200);
    await expect(cutAnswer.text()).rejects.toThrow('terminated');

    await using truncated = await only('truncated-json');
    const text = await (await post(truncated.url)).text();
    expect(text.startsWith('{"id"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();

    await using html = await only('non-json');
    const page = await post(html.url);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html']);
    expect(await page.text()).toContain('502 Bad Gateway');
  });

  it('holds a slow answer back past the client timeout, and drops it when the client leaves', async () => {
    await using slow = await only('slow');
    const started = Date.now();
    await expect(post(slow.url, 'slow', AbortSignal.timeout(200))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    await using patient = await startFaultProxy({
      upstream: upstream.url.replace(/\/v1$/, ''),
      seed: 1,
      rate: 1,
      weights: { slow: 1 },
      slowMs: 100,
    });
    const late = await post(patient.url);
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('injects the same faults for the same requests in any order, retries getting fresh draws', async () => {
    const tally = async (order: readonly number[]) => {
      await using proxy = await startFaultProxy({
        upstream: upstream.url.replace(/\/v1$/, ''),
        seed: 11,
        rate: 0.4,
        weights: { 'server-error': 1, unavailable: 1 },
      });
      const statuses = new Map<number, number[]>();
      for (const index of order) {
        // Each request is sent until it succeeds, like a retrying client.
        const seen: number[] = [];
        for (;;) {
          const answer = await post(proxy.url, `request ${index}`);
          await answer.arrayBuffer();
          seen.push(answer.status);
          if (answer.status === 200) break;
        }
        statuses.set(index, seen);
      }
      return { stats: proxy.stats(), statuses };
    };
    const indices = Array.from({ length: 30 }, (_, index) => index);
    const forward = await tally(indices);
    const backward = await tally([...indices].reverse());
    expect(backward.stats).toEqual(forward.stats);
    expect(forward.stats.totalFaults).toBeGreaterThan(5);
    for (const index of indices)
      expect(backward.statuses.get(index)).toEqual(forward.statuses.get(index));
    expect(Object.keys(forward.stats.faults).sort()).toEqual([...faultKinds].sort());
  });
});
