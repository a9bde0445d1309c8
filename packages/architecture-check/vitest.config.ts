import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/architecture-check', isolate: false, environment: 'node' },
});
