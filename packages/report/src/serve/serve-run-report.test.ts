import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch, type SearchOptions } from '@forge/core';
import { toyReflector } from '@forge/core/testing';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { SqliteRunStore } from '@forge/store';
import { afterAll, describe, expect, it } from 'vitest';
import { ReportServerError } from './report-server-error.js';
import { serveRunReport } from './serve-run-report.js';

const root = mkdtempSync(join(tmpdir(), 'forge-serve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const options = (store: SqliteRunStore, maxSteps: number): SearchOptions => ({
  program: toyProgram(),
  evaluate: toyEvaluate,
  taskModel: toyTaskModel(),
  optimizerModel: toyReflector(),
  train: toyInstances('t', 12),
  validation: toyInstances('v', 8),
  maxEvaluations: 400,
  maxSteps,
  seed: 2,
  store,
});

/** A GET with a chosen Host header (fetch may not set one). */
function get(url: string, host?: string): Promise<{ status: number; type: string; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: host === undefined ? {} : { host },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type']),
            body,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('serveRunReport', () => {
  it('serves the live report of a run another writer is extending, and its version moves with it', async () => {
    const runDir = join(root, 'live');
    const writer = new SqliteRunStore(runDir);
    await runSearch(options(writer, 2));
    const server = await serveRunReport({ runDir, intervalMs: 250 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const first = await get(server.url);
      expect(first.status).toBe(200);
      expect(first.type).toContain('text/html');
      expect(first.body).toContain("connect-src 'self'");
      expect(first.body).toContain('"versionUrl":"/version"');
      const before = (await get(`${server.url}version`)).body;
      expect(first.body).toContain(`"version":"${before}"`);
      // The same writer goes on: two more steps land while the server reads.
      await runSearch(options(writer, 4));
      const after = (await get(`${server.url}version`)).body;
      expect(after).not.toBe(before);
      const second = await get(server.url);
      expect(second.body).toContain(`"version":"${after}"`);
      expect(second.body).toMatch(/<th scope="row">Search steps<\/th><td>4<\/td>/);
      expect((await get(`${server.url}nothing`)).status).toBe(404);
    } finally {
      await server.close();
      writer.close();
    }
  });

  it('answers only requests addressed to loopback', async () => {
    const runDir = join(root, 'hosts');
    const writer = new SqliteRunStore(runDir);
    await runSearch(options(writer, 1));
    writer.close();
    const server = await serveRunReport({ runDir });
    try {
      const port = new URL(server.url).port;
      expect((await get(server.url, `localhost:${port}`)).status).toBe(200);
      const foreign = await get(server.url, 'attacker.example');
      expect(foreign.status).toBe(403);
      expect(foreign.body).not.toContain('<html');
    } finally {
      await server.close();
    }
  });

  it('names a port that is taken', async () => {
    const runDir = join(root, 'port');
    const writer = new SqliteRunStore(runDir);
    await runSearch(options(writer, 1));
    writer.close();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const error = await serveRunReport({ runDir, port }).catch((caught: unknown) => caught);
      expect(ReportServerError.isInstance(error)).toBe(true);
      expect((error as ReportServerError).reason).toBe('port-in-use');
      expect((error as Error).message).toContain(`port ${port} on 127.0.0.1 is in use`);
    } finally {
      blocker.close();
    }
  });
});
