import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type SimServer, startSimServer } from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every example runs offline and must exit 0 printing its summary. Examples written for
// OpenAI-compatible servers run against the simulated server started here.
const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const examples = readdirSync(here).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'vitest.config.ts',
);
let server: SimServer;
beforeAll(async () => {
  server = await startSimServer({});
});
afterAll(async () => {
  await server.close();
});

describe('examples', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(3);
  });

  it.each(examples)('%s runs to completion offline', async (file) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(here, file)], {
      // Runs write their directories under examples/forge-runs (ignored by git).
      cwd: here,
      env: {
        ...process.env,
        FORGE_EXAMPLE_CHECK: '1',
        OPENAI_BASE_URL: server.url,
        OPENAI_API_KEY: 'sk-local-simulated-server',
      },
      timeout: 110_000,
    });
    expect(stdout.trim().length).toBeGreaterThan(0);
  });
});
