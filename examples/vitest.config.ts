import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/examples', isolate: false, environment: 'node', testTimeout: 120_000 },
});
