import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/architecture-check', environment: 'node' },
});
