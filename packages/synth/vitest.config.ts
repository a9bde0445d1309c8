import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/synth', isolate: false, environment: 'node' },
});
