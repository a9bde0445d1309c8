#!/usr/bin/env node
import { main } from './main.js';

const code = await main(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  environment: process.env,
});
// Let pending writes flush, then exit with the code (open handles must not keep the process alive).
process.stdout.write('', () => process.exit(code));
