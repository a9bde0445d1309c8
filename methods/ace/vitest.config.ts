import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/method-ace', isolate: false, environment: 'node' },
});
