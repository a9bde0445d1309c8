import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/method-mipro', isolate: false, environment: 'node' },
});
