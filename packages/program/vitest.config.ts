import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/program', isolate: false, environment: 'node' },
});
