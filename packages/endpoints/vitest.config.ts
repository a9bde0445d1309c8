import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/endpoints', isolate: false, environment: 'node' },
});
