export { exitCodeFor, exitCodes } from './exit-codes.js';
export { main } from './main.js';
export type { OutputMode, Terminal } from './output/terminal.js';
