import { createHash } from 'node:crypto';

/** Git's blob id of some bytes: SHA-1 of "blob <size>\0" followed by the bytes. */
export function gitBlobSha1(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
