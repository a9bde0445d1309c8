import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Where the AppWorld data is, and what said so. */
export interface AppWorldRoot {
  /** The AppWorld root (`appworld serve environment --root` takes the same directory). */
  readonly root: string;
  /** `<root>/data`: `datasets/*.txt`, `tasks/<task_id>/…`. */
  readonly data: string;
  /** Which setting named it. */
  readonly source: 'benchmarkSettings.appworldRoot' | 'dataDir' | 'APPWORLD_ROOT';
}

/**
 * Finds the AppWorld root: `benchmarkSettings.appworldRoot` when given; else the data directory
 * when it holds AppWorld data (as a root with `data/datasets`, or as the `data` folder itself);
 * else the `APPWORLD_ROOT` environment variable that `appworld download data` honours; else the
 * data directory, so that errors name it.
 */
export function resolveAppWorldRoot(options: {
  readonly appworldRoot?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly environment: Readonly<Record<string, string | undefined>>;
}): AppWorldRoot | undefined {
  if (options.appworldRoot !== undefined)
    return at(options.appworldRoot, 'benchmarkSettings.appworldRoot');
  if (options.dataDir !== undefined) {
    const fromDataDir = at(options.dataDir, 'dataDir');
    if (existsSync(join(fromDataDir.data, 'datasets'))) return fromDataDir;
  }
  const variable = options.environment['APPWORLD_ROOT'];
  if (variable !== undefined && variable.trim() !== '') return at(variable, 'APPWORLD_ROOT');
  return options.dataDir === undefined ? undefined : at(options.dataDir, 'dataDir');
}

/** The sentence that tells a user how to get the AppWorld data. */
export const installHint =
  'Install it with `pip install appworld && appworld install && appworld download data` in the directory you use as APPWORLD_ROOT, then set APPWORLD_ROOT to it (or benchmarkSettings.appworldRoot).';

function at(directory: string, source: AppWorldRoot['source']): AppWorldRoot {
  const path = resolve(directory);
  // The `data` folder itself also works: its parent is the root.
  if (
    basename(path) === 'data' &&
    existsSync(join(path, 'datasets')) &&
    !existsSync(join(path, 'data'))
  ) {
    return { root: dirname(path), data: path, source };
  }
  return { root: path, data: join(path, 'data'), source };
}
