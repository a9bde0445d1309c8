import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsafePathError } from './unsafe-path-error.js';
import { writeFileSafely } from './write-file-safely.js';

describe('writeFileSafely', () => {
  let root: string;
  let runDir: string;
  let victim: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'forge-safe-write-'));
    runDir = join(root, 'run');
    mkdirSync(runDir);
    victim = join(root, 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 AAAA owner\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('replaces a file whole and leaves no temporary file behind', () => {
    const file = join(runDir, 'result.json');
    writeFileSync(file, 'old');
    writeFileSafely(file, 'new\n', { within: runDir });
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(readdirSync(runDir)).toEqual(['result.json']);
  });

  it('refuses a planted symbolic link and leaves its target untouched', () => {
    const file = join(runDir, 'report.html');
    symlinkSync(victim, file);
    let caught: unknown;
    try {
      writeFileSafely(file, 'ssh-ed25519 BBBB attacker\n', { within: runDir });
    } catch (error) {
      caught = error;
    }
    expect(UnsafePathError.isInstance(caught)).toBe(true);
    expect((caught as UnsafePathError).reason).toBe('symlink');
    expect((caught as Error).message).toContain(file);
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 AAAA owner\n');
    expect(readdirSync(runDir)).toEqual(['report.html']);
  });

  it('refuses a dangling link too (it would create the file it names)', () => {
    const file = join(runDir, 'synthetic.jsonl');
    const absent = join(root, 'created-by-link');
    symlinkSync(absent, file);
    expect(() => writeFileSafely(file, 'x', { within: runDir })).toThrow(/symbolic link/);
    expect(existsSync(absent)).toBe(false);
  });

  it('refuses a path that a linked directory leads outside the run', () => {
    const outside = join(root, 'elsewhere');
    mkdirSync(outside);
    symlinkSync(outside, join(runDir, 'exports'));
    expect(() =>
      writeFileSafely(join(runDir, 'exports', 'train.jsonl'), 'x', { within: runDir }),
    ).toThrow(/outside/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a path that climbs out of the run', () => {
    expect(() =>
      writeFileSafely(join(runDir, '..', 'escaped.json'), 'x', { within: runDir }),
    ).toThrow(UnsafePathError);
    expect(existsSync(join(root, 'escaped.json'))).toBe(false);
  });

  it('refuses a directory in the file’s place', () => {
    mkdirSync(join(runDir, 'config.json'));
    expect(() => writeFileSafely(join(runDir, 'config.json'), '{}', { within: runDir })).toThrow(
      /not a regular file/,
    );
  });

  it('creates missing directories inside the run', () => {
    writeFileSafely(join(runDir, 'grpo', 'a', 'train.jsonl'), 'row\n', { within: runDir });
    expect(readFileSync(join(runDir, 'grpo', 'a', 'train.jsonl'), 'utf8')).toBe('row\n');
  });
});
