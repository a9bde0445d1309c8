import { describe, expect, it } from 'vitest';
import { longNameEntries, makeTar } from './__fixtures__/make-tar.js';
import { extractTarMember } from './extract-tar-member.js';

async function* inChunks(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size)
    yield bytes.subarray(offset, offset + size);
}

async function extract(archive: Buffer, member: string, chunk = 100): Promise<string | undefined> {
  const parts: Buffer[] = [];
  const found = await extractTarMember(inChunks(archive, chunk), member, (bytes) => {
    parts.push(Buffer.from(bytes));
  });
  return found ? Buffer.concat(parts).toString('utf8') : undefined;
}

describe('extractTarMember', () => {
  const body = 'x'.repeat(700);
  const archive = makeTar([
    { name: 'wiki/README', content: 'skip me' },
    { name: 'wiki/data.jsonl', content: body },
    { name: 'wiki/after', content: 'later' },
  ]);

  it('streams the named member out of an archive arriving in small chunks', async () => {
    for (const chunk of [1, 7, 100, 512, 10_000]) {
      expect(await extract(archive, 'data.jsonl', chunk)).toBe(body);
    }
  });

  it('follows GNU long names', async () => {
    const name = `${'deep/'.repeat(30)}data.jsonl`;
    expect(await extract(makeTar(longNameEntries(name, 'long')), 'data.jsonl')).toBe('long');
  });

  it('returns false when the member is absent, and fails on a truncated member', async () => {
    expect(await extract(archive, 'other.jsonl')).toBeUndefined();
    const truncated = archive.subarray(0, 512 * 3 + 200);
    await expect(extract(truncated, 'data.jsonl')).rejects.toThrow(/ends inside data.jsonl/);
  });

  it('rejects a header with a bad checksum', async () => {
    const broken = Buffer.from(archive);
    broken[0] = 'Y'.charCodeAt(0);
    await expect(extract(broken, 'data.jsonl')).rejects.toThrow(/checksum/);
  });
});
