import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CellRunner, defaultCellRunDir, pendingResult, planSuite } from '@forge/suite';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCellWorker } from './cell-worker.js';
import { SuiteQueueError } from './queue-error.js';
import { parseQueueUrl, type QueueUrlOptions } from './queue-url.js';
import { connectRedis } from './redis-connection.js';
import { SuiteQueue } from './suite-queue.js';
import { suiteKeyOf } from './suite-queue-keys.js';
import { startRedisServer, type TestRedisServer } from './testing/redis-server.js';
import { makeTestCertificates, type TestCertificates } from './testing/test-certificates.js';

// One real redis-server for the file: a password on its plain port, TLS (a throwaway CA made
// with openssl) on a second port, and an ACL user limited to the keys Forge and BullMQ use.
const password = 'default-Pa55';
const workerPassword = 'worker-Pa55';
const root = realpathSync(mkdtempSync(join(tmpdir(), 'forge-redis-auth-')));
let redis: TestRedisServer;
let certificates: TestCertificates;
let port: number;
let tlsPort: string;
beforeAll(async () => {
  certificates = makeTestCertificates(root);
  redis = await startRedisServer({ password, tls: certificates });
  port = redis.port;
  tlsPort = new URL(redis.tlsUrl ?? '').port;
  // The hardened set-up of the README: a user for Forge that sees only its keys.
  const admin = new Redis(redis.url);
  await admin.call(
    'ACL',
    ...['SETUSER', 'forge', 'on', `>${workerPassword}`, 'resetkeys', '~bull:*', '~forge:*'],
    ...['resetchannels', '+@all', '-@dangerous', '+info', '+client|setname', '+client|list'],
  );
  admin.disconnect();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function refusal(url: string, options: QueueUrlOptions = {}): Promise<SuiteQueueError> {
  try {
    const connection = await connectRedis(parseQueueUrl(url, options), { name: 'test' });
    connection.disconnect();
  } catch (error) {
    if (SuiteQueueError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('connectRedis with passwords, ACL users, database indexes and TLS', () => {
  it('says "authentication failed" for a wrong or missing password, never "does not answer"', async () => {
    const wrong = await refusal(`redis://:nope-secret@127.0.0.1:${port}`);
    expect(wrong.reason).toBe('auth');
    expect(wrong.message).toMatch(
      new RegExp(
        `^--queue: Redis at redis://127\\.0\\.0\\.1:${port}: authentication failed \\(WRONGPASS`,
      ),
    );
    expect(wrong.message).not.toContain('nope-secret');
    const user = await refusal(`redis://forge:nope-secret@127.0.0.1:${port}`);
    expect(user.reason).toBe('auth');
    const none = await refusal(`redis://127.0.0.1:${port}`);
    expect(none.message).toContain(
      'authentication failed: it asks for a password and none was given',
    );
    // The password apart from the URL (FORGE_REDIS_PASSWORD), for the default user and for an ACL user.
    const apart = await connectRedis(parseQueueUrl(`redis://127.0.0.1:${port}`, { password }), {
      name: 'test',
    });
    expect(await apart.ping()).toBe('PONG');
    apart.disconnect();
    const acl = await connectRedis(
      parseQueueUrl(`redis://forge@127.0.0.1:${port}`, { password: workerPassword }),
      { name: 'test' },
    );
    await expect(acl.get('elsewhere')).rejects.toThrow(/NOPERM/);
    acl.disconnect();
  });

  it('refuses a database index the server lacks (exit 2 in the CLI), naming it', async () => {
    const refused = await refusal(`redis://:${password}@127.0.0.1:${port}/99`);
    expect(refused.reason).toBe('database');
    expect(refused.message).toContain(`Redis at redis://127.0.0.1:${port}/99 has no database 99`);
    const fine = await connectRedis(parseQueueUrl(`redis://:${password}@127.0.0.1:${port}/3`), {
      name: 'test',
    });
    expect(await fine.client('INFO')).toContain(' db=3 ');
    fine.disconnect();
  });

  it('speaks TLS with the CA given, and names a certificate it cannot trust or a missing file', async () => {
    const tlsUrl = `rediss://:${password}@127.0.0.1:${tlsPort}`;
    const untrusted = await refusal(tlsUrl);
    expect(untrusted.reason).toBe('tls');
    expect(untrusted.message).toContain('TLS failed');
    expect(untrusted.message).toContain('--redis-tls-ca');
    expect((await refusal(tlsUrl, { tls: { ca: certificates.otherCa } })).reason).toBe('tls');
    const missing = await refusal(tlsUrl, { tls: { ca: join(root, 'none.pem') } });
    expect(missing.message).toBe(
      `--queue: cannot read the TLS ca file ${join(root, 'none.pem')} (ENOENT), given by --redis-tls-ca, FORGE_REDIS_TLS_CA or the queue URL's ?ca=`,
    );
    expect(() =>
      parseQueueUrl(`redis://127.0.0.1:${port}`, { tls: { ca: certificates.ca } }),
    ).toThrow('--redis-tls-ca: TLS files need a rediss:// queue');
    // The CA named in the URL's query does as well as --redis-tls-ca.
    const fromQuery = await connectRedis(
      parseQueueUrl(`${tlsUrl}?ca=${encodeURIComponent(certificates.ca)}`),
      { name: 'test' },
    );
    expect(await fromQuery.ping()).toBe('PONG');
    fromQuery.disconnect();
  });

  it('runs a suite over TLS as the ACL user that sees only the Forge and BullMQ keys', async () => {
    const queue = parseQueueUrl(`rediss://forge:${workerPassword}@localhost:${tlsPort}`, {
      tls: { ca: certificates.ca },
    });
    const plan = planSuite({
      benchmarks: ['alpha'],
      methods: ['baseline', 'forge'],
      taskModels: ['sim:task'],
      optimizerModels: ['sim:optimizer'],
      seeds: [0],
      alignment: { reference: 'forge', controls: ['baseline'] },
    });
    const dir = join(root, 'suite');
    mkdirSync(dir);
    const runner: CellRunner = async (cell) => ({
      ...pendingResult(cell, defaultCellRunDir(cell)),
      status: 'done',
      evaluationsUsed: 5,
      costUsd: 0,
      simulated: true,
    });
    const worker = await startCellWorker({
      queue,
      queueName: 'tls-acl',
      suiteDirs: [dir],
      readSuite: async () => ({ digest: 'digest-tls', cells: plan.cells }),
      runnerFor: async () => runner,
    });
    const suite = await SuiteQueue.open({ queue, queueName: 'tls-acl' });
    try {
      const record = {
        formatVersion: 1 as const,
        key: suiteKeyOf('digest-tls', dir),
        dir,
        name: 'tls',
        digest: 'digest-tls',
        cells: plan.cells,
      };
      await suite.publish(record, new Map());
      for (let tries = 0; ; tries++) {
        const status = await suite.status(record);
        if (status.progress.remaining === 0) {
          expect(status.counts).toMatchObject({ done: plan.cells.length, failed: 0 });
          break;
        }
        if (tries > 200) throw new Error(`not settled: ${JSON.stringify(status.counts)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
      await suite.close();
    }
  }, 30_000);
});
