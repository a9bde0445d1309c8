import { describe, expect, it } from 'vitest';
import { serveLivePage } from './serve-live-page.js';

describe('serveLivePage', () => {
  it('draws the page again only when the version moves, and says what it could not read', async () => {
    let version = 'one';
    let drawn = 0;
    let broken = false;
    const server = await serveLivePage({
      subject: 'the thing',
      intervalMs: 300,
      source: {
        version: () => version,
        page: (live) => {
          if (broken) throw new Error('results.json: bad JSON at line 3');
          drawn += 1;
          return `<p>${live.version} every ${live.intervalMs} ms from ${live.versionUrl}</p>`;
        },
      },
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const first = await fetch(server.url);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(await first.text()).toBe('<p>one every 300 ms from /version</p>');
      await fetch(server.url);
      expect(drawn).toBe(1);
      expect(await (await fetch(`${server.url}version`)).text()).toBe('one');
      version = 'two';
      expect(await (await fetch(server.url)).text()).toBe('<p>two every 300 ms from /version</p>');
      expect(drawn).toBe(2);
      broken = true;
      version = 'three';
      const failed = await fetch(server.url);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe('cannot read the thing: results.json: bad JSON at line 3\n');
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  });
});
