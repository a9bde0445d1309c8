import { existsSync } from 'node:fs';

/** Where `scripts/setup.sh` installs Debian's Chromium. */
export const chromiumPath = '/usr/bin/chromium';

/** What `launchChromium` asks the browser type to start. */
export interface ChromiumLaunchOptions {
  /** The browser binary: Debian's Chromium. */
  readonly executablePath: string;
  /** Command-line flags: headless, no sandbox, no GPU, nothing fetched in the background. */
  readonly args: string[];
}

/** The least of a browser type `launchChromium` needs (playwright's `chromium` fits). */
export interface ChromiumBrowserType<Browser> {
  /** Starts the browser with a fresh profile that is removed when it closes. */
  launch(options: ChromiumLaunchOptions): Promise<Browser>;
}

/**
 * Debian's Chromium, headless, with a fresh profile: the one browser every test that opens a
 * report uses. The browser type is passed in (`launchChromium(chromium)` with playwright-core's
 * `chromium`), so this package depends on no browser driver. Fails at once, saying how to
 * install it, when Chromium is missing: a test that needs it never skips.
 */
export async function launchChromium<Browser>(
  browserType: ChromiumBrowserType<Browser>,
): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. This test needs a real browser: install Debian's ` +
        "package with 'apt-get install -y chromium' (scripts/setup.sh does it as root).",
    );
  }
  return browserType.launch({
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
