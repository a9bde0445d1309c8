import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath } from './run-cli.js';

// Which modules a fresh `forge` process loads: a module-loading hook, registered before the CLI
// starts, appends every URL it loads to a file.
const root = mkdtempSync(join(tmpdir(), 'forge-start-up-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function loadedModules(args: readonly string[]): string[] {
  const log = join(root, `loaded-${args.join('-')}.txt`);
  const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`;
  const register = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));`;
  execFileSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, cliPath, ...args],
    { cwd: root, env: { ...process.env, CI: 'true' }, stdio: 'pipe' },
  );
  return readFileSync(log, 'utf8').trim().split('\n');
}

describe('forge start-up', () => {
  it('prints help without loading the sdk, the store, the simulated world or a vendor SDK', () => {
    const loaded = loadedModules(['--help']);
    expect(loaded.some((url) => url.includes('/apps/cli/'))).toBe(true);
    for (const heavy of [
      '/packages/sdk/',
      '/packages/store/',
      '/packages/sim/',
      'better-sqlite3',
    ]) {
      expect(
        loaded.filter((url) => url.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
    expect(loaded.filter((url) => /\/(openai|@anthropic-ai)\//.test(url))).toEqual([]);
  });

  it('runs the simulated demo without loading the OpenAI or Anthropic SDK', () => {
    const loaded = loadedModules(['demo', '--budget', '120']);
    expect(loaded.some((url) => url.includes('/packages/sdk/'))).toBe(true);
    expect(loaded.filter((url) => /\/(openai|@anthropic-ai)\//.test(url))).toEqual([]);
  });
});
