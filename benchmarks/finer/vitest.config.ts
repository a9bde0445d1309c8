import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/bench-finer', isolate: false, environment: 'node', testTimeout: 30_000 },
});
