import { defineProject } from 'vitest/config';

// Loopback servers and child processes run alongside other packages' suites on two cores in CI.
export default defineProject({
  test: {
    name: '@forge/bench-appworld',
    isolate: false,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
