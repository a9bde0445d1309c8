import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suiteDirAllowList } from './suite-dir-allow-list.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'forge-allow-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('suiteDirAllowList', () => {
  it('allows the given directories and the suites below them, by real path', () => {
    const shared = join(root, 'shared');
    mkdirSync(join(shared, 'suite-a'), { recursive: true });
    mkdirSync(join(root, 'sharedother'));
    mkdirSync(join(root, 'private'));
    symlinkSync(join(root, 'private'), join(shared, 'link'));
    const list = suiteDirAllowList([shared]);
    expect(list.check(join(shared, 'suite-a'))).toEqual({ dir: join(shared, 'suite-a') });
    expect(list.check(shared)).toEqual({ dir: shared });
    // A prefix of the name is not a directory below it; a link below it leads elsewhere.
    expect(list.check(join(root, 'sharedother'))).toHaveProperty('refused');
    expect(list.check(join(shared, 'link'))).toEqual({
      refused: `the suite directory ${JSON.stringify(join(shared, 'link'))} is not one this worker was started for (${shared}); allow it with --suite-dir`,
    });
    expect(list.check(join(shared, 'missing'))).toEqual({
      refused: `the suite directory ${JSON.stringify(join(shared, 'missing'))} does not exist on this machine`,
    });
  });

  it('refuses to start with no directory, or one that does not exist', () => {
    expect(() => suiteDirAllowList([])).toThrow(
      '--suite-dir: name the suite directories this worker may run',
    );
    expect(() => suiteDirAllowList([join(root, 'nowhere')])).toThrow(
      `--suite-dir: ${join(root, 'nowhere')} is not a directory here`,
    );
  });
});
