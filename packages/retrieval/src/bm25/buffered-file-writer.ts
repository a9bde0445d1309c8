import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Appends bytes to a new file through a 4 MiB buffer with synchronous writes: an index build
 * writes millions of small records, and one system call per record would dominate its time.
 */
export class BufferedFileWriter {
  /** Bytes written so far (including those still buffered). */
  position = 0;
  private readonly descriptor: number;
  private readonly buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
  private used = 0;

  constructor(file: string) {
    this.descriptor = openSync(file, 'w');
  }

  /** Appends raw bytes. */
  write(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) {
      writeSync(this.descriptor, bytes);
    } else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.length;
    }
    this.position += bytes.length;
  }

  /** Appends a string as UTF-8. */
  writeString(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > this.buffer.length - this.used) {
      this.write(Buffer.from(text, 'utf8'));
      return;
    }
    this.buffer.write(text, this.used, 'utf8');
    this.used += bytes;
    this.position += bytes;
  }

  /** Flushes and closes the file. */
  close(): void {
    this.flush();
    closeSync(this.descriptor);
  }

  private flush(): void {
    if (this.used > 0) writeSync(this.descriptor, this.buffer, 0, this.used);
    this.used = 0;
  }
}
