import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, type TestRedisServer } from '@forge/queue/testing';
import { afterAll, beforeAll } from 'vitest';
import type { SuiteConfigInput } from '../../suite-config-schema.js';

// The world of the queued-suite tests: a real redis-server on a loopback port of its own and a
// temporary directory, both for one test file; the suites run on the offline simulated models.

/** A test file's redis-server and temporary directory. */
export interface SuiteQueueWorld {
  /** A fresh temporary directory (its real path: the worker compares real paths), removed after the file's tests. */
  readonly root: string;
  /** The redis-server's URL; read it inside a test (the server starts in `beforeAll`). */
  readonly redisUrl: string;
}

/**
 * Starts a redis-server before the calling file's tests and stops it after them, and makes a
 * temporary directory (named after `prefix`) removed after them. Call it at the file's top level.
 */
export function useSuiteQueueWorld(prefix: string): SuiteQueueWorld {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  let redis: TestRedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root,
    get redisUrl() {
      if (redis === undefined) throw new Error('the redis-server starts in beforeAll');
      return redis.url;
    },
  };
}

/** A suite of the given methods on the simulated benchmark, one simulated model pair, seed 0. */
export function simSuiteConfig(
  name: string,
  methods: readonly string[],
  maxEvaluations: number,
): SuiteConfigInput {
  return {
    name,
    benchmarks: ['sim'],
    methods: [...methods],
    taskModels: ['sim:task'],
    optimizerModels: ['sim:optimizer'],
    seeds: [0],
    budget: { maxEvaluations },
  };
}
