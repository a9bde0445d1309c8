import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where `scripts/setup.sh` installs Debian's Chromium. */
const chromiumPath = '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with a fresh profile that playwright removes on close: the one
 * browser every end-to-end test of a report opens. Fails at once, saying how to install it, when
 * it is missing (a test that needs it never skips).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}: install Debian's package with 'apt-get install -y chromium' (scripts/setup.sh does it)`,
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
