import { defineProject } from 'vitest/config';

export default defineProject({
  // The first check that needs the tagger, Punkt or langdetect data unpacks it (about 1 s idle,
  // more on a busy machine), so tests get more than vitest's default 5 s.
  test: { name: '@forge/bench-ifbench', isolate: false, environment: 'node', testTimeout: 30_000 },
});
