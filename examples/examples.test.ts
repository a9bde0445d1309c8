import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Every example runs offline (mock or simulated models) and must exit 0 printing its summary.
const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const examples = readdirSync(here).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'vitest.config.ts',
);

describe('examples', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)('%s runs to completion offline', async (file) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(here, file)], {
      cwd: here,
      env: { ...process.env, FORGE_EXAMPLE_CHECK: '1' },
      timeout: 110_000,
    });
    expect(stdout.trim().length).toBeGreaterThan(0);
  });
});
