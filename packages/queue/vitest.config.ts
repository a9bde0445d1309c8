import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/queue', isolate: false, environment: 'node' },
});
