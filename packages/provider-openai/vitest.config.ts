import { defineProject } from 'vitest/config';

export default defineProject({
  // Real SDKs over loopback HTTP: generous limits so a loaded CI machine does not time tests out.
  // Each file in a fresh module graph (vitest's default, unlike the other packages): a test counts
  // how often the SDK module is evaluated.
  test: { name: '@forge/provider-openai', environment: 'node', testTimeout: 20_000 },
});
