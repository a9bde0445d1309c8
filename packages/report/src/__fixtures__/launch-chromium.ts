import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const chromiumPath = '/usr/bin/chromium';

/** Debian's Chromium, headless, with a fresh profile that playwright removes on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. This test needs a real browser: install Debian's ` +
        "package with 'apt-get install -y chromium' (scripts/setup.sh does it as root).",
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Where browser tests put their screenshots: `artifacts/<name>` at the repository root (kept by
 * CI, ignored by git), or under `FORGE_ARTIFACTS_DIR` when set.
 */
export function artifactsDirectory(name: string): string {
  const root =
    process.env['FORGE_ARTIFACTS_DIR'] ?? fileURLToPath(new URL('../../../../artifacts', import.meta.url));
  const directory = `${root}/${name}`;
  mkdirSync(directory, { recursive: true });
  return directory;
}
