/** What `JsonShapeScanner` found wrong, with the path of the offending value. */
export interface JsonShapeProblem {
  /** `too-deep`: arrays and objects nest past the depth limit; `too-long`: a string passed the length limit. */
  readonly kind: 'too-deep' | 'too-long';
  /** Keys and indices down to the value (`['input', 'text']`); empty at the top level. */
  readonly path: readonly string[];
}

interface Frame {
  readonly kind: 'object' | 'array';
  /** The array's current index. */
  index: number;
  /** The object's current key, once read. */
  key: string | undefined;
  /** True while the next string in this object is a key. */
  expectKey: boolean;
}

const quote = 0x22;
const backslash = 0x5c;
const longestKept = 256;
const keyDecoder = new TextDecoder();

/**
 * Reads JSON as UTF-8 bytes, chunk by chunk, and stops at the first value nested more than
 * `maxDepth` levels or the first string longer than `maxStringLength` UTF-16 units — so a
 * dataset line can be refused, naming its field, before it is held whole or parsed. It tracks
 * structure only (brackets, commas, colons and strings, all ASCII, which never occur inside a
 * multi-byte UTF-8 sequence); it does not validate JSON, which `JSON.parse` does afterwards.
 */
export class JsonShapeScanner {
  private readonly maxDepth: number;
  private readonly maxStringLength: number;
  private readonly frames: Frame[] = [];
  private inString = false;
  private escaped = false;
  private hexDigitsLeft = 0;
  private stringLength = 0;
  private keyBytes: number[] | undefined;

  constructor(limits: { readonly maxDepth: number; readonly maxStringLength: number }) {
    this.maxDepth = limits.maxDepth;
    this.maxStringLength = limits.maxStringLength;
  }

  /** Scans the next bytes; returns the first problem, after which the scanner is spent. */
  scan(bytes: Uint8Array): JsonShapeProblem | undefined {
    for (let index = 0; index < bytes.length; index++) {
      const byte = bytes[index] as number;
      const problem = this.inString ? this.stringByte(byte) : this.structureByte(byte);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }

  private stringByte(byte: number): JsonShapeProblem | undefined {
    if (this.hexDigitsLeft > 0) {
      this.hexDigitsLeft--;
      this.keep(byte);
      return undefined;
    }
    if (this.escaped) {
      this.escaped = false;
      this.keep(byte);
      if (byte === 0x75) this.hexDigitsLeft = 4;
      return this.count(1);
    }
    if (byte === backslash) {
      this.escaped = true;
      this.keep(byte);
      return undefined;
    }
    if (byte === quote) {
      this.endString();
      return undefined;
    }
    this.keep(byte);
    // A continuation byte adds nothing; a 4-byte sequence is a surrogate pair in UTF-16.
    if ((byte & 0xc0) === 0x80) return undefined;
    return this.count(byte >= 0xf0 ? 2 : 1);
  }

  // Keys are kept (their first bytes) to name the field of a string that is too long.
  private keep(byte: number): void {
    if (this.keyBytes !== undefined && this.keyBytes.length < longestKept) this.keyBytes.push(byte);
  }

  private count(units: number): JsonShapeProblem | undefined {
    this.stringLength += units;
    if (this.stringLength <= this.maxStringLength) return undefined;
    // A key too long is named by the object that holds it.
    const path = this.path();
    return { kind: 'too-long', path: this.keyBytes === undefined ? path : path.slice(0, -1) };
  }

  private endString(): void {
    this.inString = false;
    const top = this.frames.at(-1);
    if (this.keyBytes !== undefined && top !== undefined) {
      top.key = keyDecoder.decode(new Uint8Array(this.keyBytes));
      top.expectKey = false;
    }
    this.keyBytes = undefined;
  }

  private structureByte(byte: number): JsonShapeProblem | undefined {
    const top = this.frames.at(-1);
    switch (byte) {
      case quote:
        this.inString = true;
        this.stringLength = 0;
        this.keyBytes = top?.kind === 'object' && top.expectKey ? [] : undefined;
        return undefined;
      case 0x7b:
      case 0x5b:
        if (this.frames.length >= this.maxDepth) return { kind: 'too-deep', path: this.path() };
        this.frames.push({
          kind: byte === 0x7b ? 'object' : 'array',
          index: 0,
          key: undefined,
          expectKey: true,
        });
        return undefined;
      case 0x7d:
      case 0x5d:
        this.frames.pop();
        return undefined;
      case 0x2c:
        if (top?.kind === 'array') top.index++;
        else if (top !== undefined) top.expectKey = true;
        return undefined;
      default:
        return undefined;
    }
  }

  private path(): string[] {
    return this.frames.map((frame) =>
      frame.kind === 'array' ? String(frame.index) : (frame.key ?? ''),
    );
  }
}
