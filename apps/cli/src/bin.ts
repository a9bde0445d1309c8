#!/usr/bin/env node
import { main } from './main.js';

// After SIGHUP (the terminal closed) or when a pipe reader leaves, writes fail with EPIPE or EIO.
// The run must still stop gracefully and save, so output nobody can read is dropped.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error;
  });
}

const code = await main(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  environment: process.env,
});
// Let pending writes flush, then exit with the code (open handles must not keep the process alive).
process.stdout.write('', () => process.exit(code));
