import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/bench-mmlu-pro', isolate: false, environment: 'node', testTimeout: 30_000 },
});
