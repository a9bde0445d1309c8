import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@forge/telemetry', isolate: false, environment: 'node' },
});
