import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/memory', isolate: false, environment: 'node' },
});
