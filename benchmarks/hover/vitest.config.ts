import { defineProject } from 'vitest/config';

// Index builds and loopback servers run alongside other packages' suites on two cores in CI.
export default defineProject({
  test: {
    name: '@forge/bench-hover',
    isolate: false,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
