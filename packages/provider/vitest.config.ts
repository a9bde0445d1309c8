import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/provider', isolate: false, environment: 'node' },
});
