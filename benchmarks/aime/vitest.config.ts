import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/bench-aime', isolate: false, environment: 'node', testTimeout: 30_000 },
});
