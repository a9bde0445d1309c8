import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/fault-suite', environment: 'node' },
});
