import { defineProject } from 'vitest/config';

export default defineProject({
  // A real AI SDK provider over loopback HTTP: generous limits so a loaded CI machine does not
  // time tests out.
  test: {
    name: '@forge/provider-ai-sdk',
    isolate: false,
    environment: 'node',
    testTimeout: 20_000,
  },
});
