import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/fault-suite', isolate: false, environment: 'node' },
});
