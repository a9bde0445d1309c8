import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/perf', isolate: false, environment: 'node' },
});
