import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/suite', isolate: false, environment: 'node' },
});
