import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/method-gepa', isolate: false, environment: 'node' },
});
