import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/report', isolate: false, environment: 'node' },
});
