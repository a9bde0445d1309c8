import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/method', isolate: false, environment: 'node' },
});
