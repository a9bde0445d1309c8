import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@forge/sdk',
    isolate: false,
    environment: 'node',
    // The other Forge packages' builds run natively, as in an application: the built-in providers
    // are require()d (models/builtin-providers.ts), and a test that imports one of them must see
    // the same module instance.
    server: { deps: { external: [/\/(packages|benchmarks|methods)\/[^/]+\/dist\//] } },
  },
});
