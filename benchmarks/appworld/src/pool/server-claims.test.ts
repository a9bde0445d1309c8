import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileServerClaims } from './server-claims.js';

const root = mkdtempSync(join(tmpdir(), 'forge-appworld-claims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

describe('createFileServerClaims', () => {
  it('gives a server to one claimant at a time, across processes, until it is released', () => {
    const directory = join(root, 'turns');
    const here = createFileServerClaims({ directory });
    const elsewhere = createFileServerClaims({ directory, pid: process.ppid });
    const url = 'http://127.0.0.1:8100';

    const held = here.tryClaim(url);
    expect(held).toBeDefined();
    expect(elsewhere.tryClaim(url)).toBeUndefined();
    // Another pool of the same process is refused too.
    expect(here.tryClaim(url)).toBeUndefined();
    expect(here.tryClaim(`${url}/`)).toBeUndefined();
    // Other servers are free.
    expect(elsewhere.tryClaim('http://127.0.0.1:8101')?.release()).toBeUndefined();
    // A refused claimant leaves nothing behind: only the holder's file is there.
    expect(readdirSync(directory)).toHaveLength(1);

    held?.release();
    held?.release();
    expect(readdirSync(directory)).toEqual([]);
    const next = elsewhere.tryClaim(url);
    expect(next).toBeDefined();
    expect(here.tryClaim(url)).toBeUndefined();
    next?.release();
  });

  it('frees the servers of a process that died holding them (a killed worker)', () => {
    const directory = join(root, 'dead');
    const killed = createFileServerClaims({ directory, pid: deadPid() });
    expect(killed.tryClaim('http://127.0.0.1:8100')).toBeDefined();
    expect(readdirSync(directory)).toHaveLength(1);

    const survivor = createFileServerClaims({ directory });
    const claim = survivor.tryClaim('http://127.0.0.1:8100');
    expect(claim).toBeDefined();
    expect(readdirSync(directory)).toHaveLength(1);
    claim?.release();
    expect(readdirSync(directory)).toEqual([]);
  });
});
