import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/bench-ifbench', environment: 'node' },
});
