import { disposeAllRuntimes } from './llama-cpp-runtime.js';

/**
 * Frees every local model loaded in this process, with its context (tests, benchmarks, a
 * long-lived host); the next call of any of them loads it again.
 */
export function disposeLlamaCppRuntimes(): Promise<void> {
  return disposeAllRuntimes();
}
