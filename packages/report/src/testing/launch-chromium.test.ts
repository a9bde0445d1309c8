import { describe, expect, it } from 'vitest';
import { type ChromiumLaunchOptions, chromiumPath, launchChromium } from './launch-chromium.js';

describe('launchChromium', () => {
  it("starts Debian's Chromium headless through the browser type it is given, and returns its browser", async () => {
    const launched: ChromiumLaunchOptions[] = [];
    const browser = { name: 'recorded' };
    const started = await launchChromium({
      launch: async (options) => {
        launched.push(options);
        return browser;
      },
    });
    expect(started).toBe(browser);
    expect(launched).toHaveLength(1);
    expect(launched[0]?.executablePath).toBe(chromiumPath);
    expect(launched[0]?.args).toEqual(
      expect.arrayContaining(['--headless', '--no-sandbox', '--disable-background-networking']),
    );
  });
});
