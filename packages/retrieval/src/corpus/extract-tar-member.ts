const blockSize = 512;

/** Where a member's bytes go; may return a promise to apply backpressure. */
export type ByteSink = (bytes: Uint8Array) => void | Promise<void>;

/**
 * Streams a tar archive (POSIX ustar, with GNU long names and pax `path` records) and sends the
 * bytes of the first regular file whose path ends with `/${member}` or equals `member` to
 * `sink`, without buffering the archive. Returns false when no such member exists.
 *
 * @throws Error when the archive is truncated or a header is malformed.
 */
export async function extractTarMember(
  chunks: AsyncIterable<Uint8Array>,
  member: string,
  sink: ByteSink,
): Promise<boolean> {
  let pending: Buffer = Buffer.alloc(0);
  let state:
    | { kind: 'header' }
    | {
        kind: 'data';
        remaining: number;
        padding: number;
        target: 'member' | 'skip' | 'long-name' | 'pax';
      } = {
    kind: 'header',
  };
  let overrideName: string | undefined;
  let metadata: Buffer[] = [];
  let found = false;
  let finished = false;

  for await (const chunk of chunks) {
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
    let offset = 0;
    while (!finished) {
      if (state.kind === 'header') {
        if (pending.length - offset < blockSize) break;
        const header = pending.subarray(offset, offset + blockSize);
        offset += blockSize;
        if (header.every((byte) => byte === 0)) {
          finished = true;
          break;
        }
        const parsed = parseHeader(header);
        const name = overrideName ?? parsed.name;
        overrideName = undefined;
        const padding = (blockSize - (parsed.size % blockSize)) % blockSize;
        let target: 'member' | 'skip' | 'long-name' | 'pax' = 'skip';
        if (parsed.type === 'L') target = 'long-name';
        else if (parsed.type === 'x') target = 'pax';
        else if (!found && (parsed.type === '0' || parsed.type === '\0') && matches(name, member)) {
          target = 'member';
          found = true;
        }
        metadata = [];
        state = { kind: 'data', remaining: parsed.size, padding, target };
      } else {
        const available = Math.min(state.remaining, pending.length - offset);
        if (available > 0) {
          const bytes = pending.subarray(offset, offset + available);
          if (state.target === 'member') await sink(bytes);
          else if (state.target !== 'skip') metadata.push(Buffer.from(bytes));
          offset += available;
          state.remaining -= available;
        }
        if (state.remaining > 0) break;
        if (pending.length - offset < state.padding) break;
        offset += state.padding;
        if (state.target === 'long-name') {
          overrideName = Buffer.concat(metadata).toString('utf8').replace(/\0+$/, '');
        } else if (state.target === 'pax') {
          overrideName = paxPath(Buffer.concat(metadata)) ?? overrideName;
        } else if (state.target === 'member') {
          return true;
        }
        state = { kind: 'header' };
      }
    }
    pending = pending.subarray(offset);
    if (finished) break;
  }
  if (state.kind === 'data' && state.target === 'member' && state.remaining > 0) {
    throw new Error(`tar archive ends inside ${member}`);
  }
  return found;
}

function matches(name: string, member: string): boolean {
  return name === member || name.endsWith(`/${member}`);
}

function parseHeader(header: Buffer): { name: string; size: number; type: string } {
  const name = text(header, 0, 100);
  const magic = text(header, 257, 6);
  const prefix = magic.startsWith('ustar') ? text(header, 345, 155) : '';
  const size = parseSize(header.subarray(124, 136));
  const type = String.fromCharCode(header[156] as number);
  let checksum = 0;
  for (let index = 0; index < blockSize; index++) {
    checksum += index >= 148 && index < 156 ? 32 : (header[index] as number);
  }
  const recorded = Number.parseInt(text(header, 148, 8).trim() || '0', 8);
  if (recorded !== checksum)
    throw new Error(`tar header checksum mismatch for ${JSON.stringify(name)}`);
  return { name: prefix === '' ? name : `${prefix}/${name}`, size, type };
}

function parseSize(field: Buffer): number {
  // GNU base-256 for sizes of 8 GiB and more.
  if (((field[0] as number) & 0x80) !== 0) {
    let value = (field[0] as number) & 0x7f;
    for (let index = 1; index < field.length; index++)
      value = value * 256 + (field[index] as number);
    return value;
  }
  const digits = field.toString('latin1').replace(/\0.*$/s, '').trim();
  return digits === '' ? 0 : Number.parseInt(digits, 8);
}

function text(header: Buffer, start: number, length: number): string {
  const slice = header.subarray(start, start + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end < 0 ? slice.length : end).toString('utf8');
}

function paxPath(records: Buffer): string | undefined {
  // Each record is "<length> <key>=<value>\n".
  let path: string | undefined;
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    if (space < 0) break;
    const length = Number.parseInt(records.toString('utf8', offset, space), 10);
    if (!(length > 0)) break;
    const record = records.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    if (record.slice(0, equals) === 'path') path = record.slice(equals + 1);
    offset += length;
  }
  return path;
}
