import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/store', isolate: false, environment: 'node' },
});
