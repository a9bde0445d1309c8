import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/verify', isolate: false, environment: 'node' },
});
