import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@forge/cli',
    isolate: false,
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
