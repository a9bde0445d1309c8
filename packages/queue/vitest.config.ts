import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/queue', environment: 'node' },
});
