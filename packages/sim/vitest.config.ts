import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/sim', isolate: false, environment: 'node' },
});
