import { RunMismatchError } from '@forge/method';
import { DataCheckError, MetricError } from '@forge/program';
import { APICallError, InvalidArgumentError, RetryError } from '@forge/provider';
import { SuiteQueueError } from '@forge/queue';
import { StorageError, StoreError } from '@forge/store';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { errorKind } from './error-kind.js';

const diskFull = () =>
  new StorageError({
    reason: 'disk-full',
    path: '/runs/a/forge.db',
    code: 'ENOSPC',
    message: 'full',
  });
const serverDown = () =>
  new APICallError({ message: 'HTTP 503', kind: 'http', statusCode: 503, isRetryable: true });

describe('errorKind', () => {
  it('calls a model, server or disk failure external, also when it is the cause of another', async () => {
    expect(await errorKind(diskFull())).toBe('external');
    expect(await errorKind(serverDown())).toBe('external');
    expect(
      await errorKind(
        new RetryError({ message: 'gave up', reason: 'max-retries-exceeded', errors: [] }),
      ),
    ).toBe('external');
    const wrapped = new ConfigError({
      file: 'forge.yaml',
      message: 'could not save',
      cause: new Error('x', { cause: diskFull() }),
    });
    expect(await errorKind(wrapped)).toBe('external');
  });

  it('looks five causes deep and no further', async () => {
    let error: unknown = diskFull();
    for (let depth = 0; depth < 4; depth++) error = new Error(`level ${depth}`, { cause: error });
    expect(await errorKind(error)).toBe('external');
    expect(await errorKind(new Error('level 5', { cause: error }))).toBe('internal');
  });

  it("calls an unreachable queue server external and the queue's other errors the user's", async () => {
    const queueError = (reason: 'unreachable' | 'url') =>
      new SuiteQueueError({ reason, queue: 'forge', message: reason });
    expect(await errorKind(queueError('unreachable'))).toBe('external');
    expect(await errorKind(queueError('url'))).toBe('user');
  });

  it("calls Forge's own errors the user's to fix, and anything else a bug", async () => {
    expect(
      await errorKind(
        new ConfigError({
          file: 'forge.yaml',
          line: 3,
          field: 'budget',
          message: 'expected a number',
        }),
      ),
    ).toBe('user');
    expect(await errorKind(new InvalidArgumentError({ argument: 'budget', message: 'no' }))).toBe(
      'user',
    );
    expect(
      await errorKind(new StoreError({ reason: 'not-a-run', path: '/r', message: 'not a run' })),
    ).toBe('user');
    expect(await errorKind(new RunMismatchError({ field: 'seed', message: 'seed 1 vs 2' }))).toBe(
      'user',
    );
    // Data refused at the door and a metric's mistake are the user's to fix (exit 2 in the CLI);
    // a metric whose LLM judge kept failing is the server's.
    expect(
      await errorKind(
        new DataCheckError({
          problems: [{ split: 'train', index: 0, id: 'a', path: 'gold.team', message: 'missing' }],
        }),
      ),
    ).toBe('user');
    const metricError = (cause: unknown) =>
      new MetricError({ instanceId: 'a', reason: 'threw', message: 'the metric threw', cause });
    expect(await errorKind(metricError(new TypeError('x is undefined')))).toBe('user');
    expect(await errorKind(metricError(serverDown()))).toBe('external');
    expect(await errorKind(new TypeError('undefined is not a function'))).toBe('internal');
    expect(await errorKind('a string')).toBe('internal');
    expect(await errorKind(undefined)).toBe('internal');
  });
});
