import { defineProject } from 'vitest/config';

export default defineProject({
  // Real inference on a generated model: loading llama.cpp takes about a second on a loaded CI
  // machine, so the limits are generous.
  test: {
    name: '@forge/provider-llama-cpp',
    isolate: false,
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
