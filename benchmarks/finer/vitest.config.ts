import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/bench-finer', environment: 'node', testTimeout: 30_000 },
});
