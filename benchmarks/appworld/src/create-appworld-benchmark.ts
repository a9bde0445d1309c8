import type { Benchmark, BenchmarkOptions, BenchmarkPackage } from '@forge/program';
import { DatasetError } from '@forge/program';
import { parseAppWorldSettings, resolveServerUrls } from './appworld-settings.js';
import { createHttpAuthoring } from './authoring/http-authoring.js';
import { checkData, pullData } from './data/appworld-data.js';
import { installHint, resolveAppWorldRoot } from './data/appworld-root.js';
import { loadAppWorldSplits } from './data/load-appworld-splits.js';
import { evaluateAppWorld } from './metric/evaluate-appworld.js';
import type { ServerClaims } from './pool/server-claims.js';
import { AppWorldServerPool, type ServerPoolEvent } from './pool/server-pool.js';
import { appworldCallSizes } from './program/appworld-call-sizes.js';
import { createAppWorldProgram } from './program/appworld-program.js';
import { appworldSignature } from './program/appworld-signature.js';
import { createSynthesisTools } from './synthesis/synthesis-tools.js';

/** The paper's (K, E, P) for AppWorld (B.2). */
export const appworldSynthesis = { attempts: 10, epochs: 4, patience: 15 } as const;

/** The title of a benchmark that cannot synthesize: the run's header and report show it. */
export const promptSearchOnlyTitle = 'AppWorld (prompt search only: no task-authoring backend)';

/** What `createBenchmark` needs besides the options (injected by tests). */
export interface AppWorldBenchmarkEnvironment {
  /** Environment variables (`APPWORLD_ROOT`, `APPWORLD_SERVER_URLS`). Default `process.env`. */
  readonly variables?: Readonly<Record<string, string | undefined>>;
  /** The fetch implementation of every client. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Hears the pool's warnings, one sentence each. Default `process.emitWarning` (printed on stderr). */
  readonly warn?: (message: string) => void;
  /** The pool's machine-wide server claims (tests). Default: files under `$TMPDIR/forge-appworld-claims`. */
  readonly claims?: ServerClaims;
}

/**
 * The AppWorld benchmark: the 50-step code agent on a pool of environment servers, scored by
 * the environment's tests; splits from `APPWORLD_ROOT`; (K, E, P) = (10, 4, 15). Settings (see
 * the README): `appworldRoot`, `serverUrls` or `servers`/`basePort`/`host`, `authoringUrl` or
 * `authoring`, `maxSteps`, `requestTimeoutMs`, `waitForServerMs`, `experimentPrefix`.
 *
 * Synthesis needs a task-authoring backend: AppWorld has none of its own. Without one the
 * benchmark says so in its title and sets E = 0, so a run is prompt search only.
 */
export function createBenchmark(
  options: BenchmarkOptions = {},
  environment: AppWorldBenchmarkEnvironment = {},
): Benchmark {
  const variables = environment.variables ?? process.env;
  const settings = parseAppWorldSettings(options.settings);
  const warn =
    environment.warn ??
    ((message: string) => process.emitWarning(message, { code: 'FORGE_APPWORLD_POOL' }));
  let toldHeld = false;
  const onEvent = (event: ServerPoolEvent) => {
    if (event.type === 'pool-smaller-than-concurrency') {
      warn(
        `appworld: more tasks want an environment server at once than the pool has servers (${event.servers}): the run's concurrency exceeds the pool, so at most ${event.servers} task(s) run at once and the rest wait their turn. Start one server per task in flight (forge appworld serve -n <concurrency>) or set concurrency to ${event.servers}.`,
      );
    } else if (event.type === 'server-held-elsewhere' && !toldHeld) {
      toldHeld = true;
      warn(
        `appworld: the server ${event.url} is running a task of another run on this machine (another cell or process using the same servers): the runs take turns on the servers, task by task, so each runs slower. Give each run its own servers to run them side by side at full speed.`,
      );
    }
  };
  const urls = resolveServerUrls(settings, variables);
  const pool = new AppWorldServerPool({
    urls,
    onEvent,
    ...(environment.claims === undefined ? {} : { claims: environment.claims }),
    ...(environment.fetch === undefined ? {} : { fetch: environment.fetch }),
    ...(settings.requestTimeoutMs === undefined
      ? {}
      : { requestTimeoutMs: settings.requestTimeoutMs }),
    ...(settings.waitForServerMs === undefined
      ? {}
      : { waitForServerMs: settings.waitForServerMs }),
  });
  const authoring =
    settings.authoring ??
    (settings.authoringUrl === undefined
      ? undefined
      : createHttpAuthoring({
          url: settings.authoringUrl,
          ...(environment.fetch === undefined ? {} : { fetch: environment.fetch }),
        }));
  return {
    id: 'appworld',
    title: authoring === undefined ? promptSearchOnlyTitle : 'AppWorld',
    signature: appworldSignature,
    program: createAppWorldProgram({
      pool,
      ...(settings.maxSteps === undefined ? {} : { maxSteps: settings.maxSteps }),
      ...(settings.experimentPrefix === undefined
        ? {}
        : { experimentPrefix: settings.experimentPrefix }),
    }),
    evaluate: evaluateAppWorld,
    async loadSplits() {
      const root = resolveAppWorldRoot({
        appworldRoot: settings.appworldRoot,
        dataDir: options.dataDir,
        environment: variables,
      });
      if (root === undefined) {
        throw new DatasetError({
          file: 'APPWORLD_ROOT',
          message: `no AppWorld data: set APPWORLD_ROOT (or benchmarkSettings.appworldRoot, or --data-dir). ${installHint}`,
        });
      }
      return loadAppWorldSplits(root);
    },
    synthesisTools: createSynthesisTools(pool, authoring),
    synthesis: authoring === undefined ? { ...appworldSynthesis, epochs: 0 } : appworldSynthesis,
    testRepeats: 1,
    documentedCallSizes: appworldCallSizes(settings.maxSteps),
    serverUrls: [...urls, ...(settings.authoringUrl === undefined ? [] : [settings.authoringUrl])],
  };
}

/** The package as the sdk and the CLI load it. */
export const benchmarkPackage: BenchmarkPackage = {
  createBenchmark: (options) => createBenchmark(options),
  pullData,
  checkData: (options) => checkData(options),
};
