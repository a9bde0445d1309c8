import { defineProject } from 'vitest/config';

export default defineProject({
  // Real SDKs over loopback HTTP: generous limits so a loaded CI machine does not time tests out.
  test: {
    name: '@forge/provider-ollama',
    isolate: false,
    environment: 'node',
    testTimeout: 20_000,
  },
});
