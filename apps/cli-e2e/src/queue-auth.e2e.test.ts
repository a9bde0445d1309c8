import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeTestCertificates,
  startRedisServer,
  type TestCertificates,
  type TestRedisServer,
} from '@forge/queue/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from './run-cli.js';

// `forge worker` against one real redis-server that asks for a password and speaks TLS on a
// second port (a throwaway CA made with openssl).
const root = realpathSync(mkdtempSync(join(tmpdir(), 'forge-queue-auth-')));
const password = 'queue-Pa55-secret';
let redis: TestRedisServer;
let certificates: TestCertificates;
beforeAll(async () => {
  certificates = makeTestCertificates(root);
  redis = await startRedisServer({ password, tls: certificates });
});
afterAll(async () => {
  await redis?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('forge worker with a password and TLS', () => {
  it('says "authentication failed" (exit 2) for a wrong password and names a missing database (exit 2)', async () => {
    const wrong = await runCli(
      ['worker', '--queue', `redis://:not-it-secret@127.0.0.1:${redis.port}`, '--suite-dir', '.'],
      { cwd: root },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      `Redis at redis://127.0.0.1:${redis.port}: authentication failed (WRONGPASS`,
    );
    expect(wrong.stderr).not.toContain('does not answer');
    expect(wrong.stderr).not.toContain('not-it-secret');
    const database = await runCli(
      ['worker', '--queue', `redis://127.0.0.1:${redis.port}/99`, '--suite-dir', '.'],
      { cwd: root, env: { FORGE_REDIS_PASSWORD: password } },
    );
    expect(database.code).toBe(2);
    expect(database.stderr).toContain(
      `Redis at redis://127.0.0.1:${redis.port}/99 has no database 99`,
    );
    expect(database.stderr).not.toContain('    at ');
  }, 60_000);

  it('takes cells over rediss:// with --redis-tls-ca and the password from FORGE_REDIS_PASSWORD', async () => {
    const tlsUrl = redis.tlsUrl ?? '';
    const untrusted = await runCli(['worker', '--queue', tlsUrl, '--suite-dir', '.'], {
      cwd: root,
      env: { FORGE_REDIS_PASSWORD: password },
    });
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toContain('TLS failed');
    const worker = startCli(
      [
        'worker',
        '--queue',
        tlsUrl,
        '--redis-tls-ca',
        certificates.ca,
        '--suite-dir',
        '.',
        '--json',
      ],
      {
        cwd: root,
        env: { FORGE_REDIS_PASSWORD: password },
        onStdoutLine: (line, child) => {
          if (line.includes('"worker-ready"')) child.kill('SIGTERM');
        },
      },
    );
    const stopped = await worker.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain('"type":"worker-ready"');
    expect(stopped.stdout).toContain('"type":"worker-stopped"');
  }, 60_000);
});
