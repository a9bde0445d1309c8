import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/python-compat', isolate: false, environment: 'node' },
});
