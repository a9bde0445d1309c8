import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/core', isolate: false, environment: 'node' },
});
