import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Claims on environment servers shared by every pool on this machine: AppWorld runs one task
 * world per server process, so two runs (two suite cells on one worker, two workers, two
 * `forge optimize` runs) that name the same server must take turns on it, task by task.
 */
export interface ServerClaims {
  /** Claims `url` for one task; `undefined` while another task (any pool, any process) holds it. */
  tryClaim(url: string): ServerClaim | undefined;
}

/** One task's hold on a server. */
export interface ServerClaim {
  /** Lets the server go. Idempotent. */
  release(): void;
}

/** Settings of `createFileServerClaims`. */
export interface FileServerClaimsSettings {
  /** Where claims are kept; every process on the machine must use the same one. Default `$TMPDIR/forge-appworld-claims`. */
  readonly directory?: string;
  /** The claiming process's id. Default `process.pid`. */
  readonly pid?: number;
  /** Whether a process is alive. Default: `process.kill(pid, 0)` succeeds (or fails with EPERM). */
  readonly isAlive?: (pid: number) => boolean;
}

/** The default directory of server claims. */
export function defaultClaimsDirectory(): string {
  return join(tmpdir(), 'forge-appworld-claims');
}

let sequence = 0;

/**
 * Server claims as files, one per claim: `<server>.<pid>.<n>.claim`. A claimant first writes its
 * own file, then looks for others' on the same server: if it finds any, it withdraws and reports
 * the server busy. Whichever of two racing claimants looks second sees the first's file, so at
 * most one wins (both may withdraw; they try again later). No file is ever taken over: a claim
 * whose process has died is simply deleted, so a killed worker's servers come back at once.
 */
export function createFileServerClaims(settings: FileServerClaimsSettings = {}): ServerClaims {
  const directory = settings.directory ?? defaultClaimsDirectory();
  const pid = settings.pid ?? process.pid;
  const isAlive = settings.isAlive ?? processIsAlive;
  return {
    tryClaim(url) {
      mkdirSync(directory, { recursive: true });
      // By the URL as parsed (`http://h:1` and `http://h:1/` are one server); a host named two
      // ways (`localhost`, `127.0.0.1`) is two names to the claims.
      const server = createHash('sha256').update(canonical(url)).digest('hex').slice(0, 32);
      sequence += 1;
      const mine = `${server}.${pid}.${sequence}.claim`;
      writeFileSync(join(directory, mine), `${url}\n`, { flag: 'wx' });
      const others = readdirSync(directory).filter(
        (name) => name.startsWith(`${server}.`) && name.endsWith('.claim') && name !== mine,
      );
      const held = others.some((name) => {
        const holder = Number(name.split('.')[1]);
        if (holder === pid || isAlive(holder)) return true;
        removeFile(join(directory, name));
        return false;
      });
      if (held) {
        removeFile(join(directory, mine));
        return undefined;
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          removeFile(join(directory, mine));
        },
      };
    },
  };
}

function canonical(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
