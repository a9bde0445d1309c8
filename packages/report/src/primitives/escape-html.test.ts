import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('turns markup into inert text', () => {
    expect(escapeHtml('<script>alert("x")</script>')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
  });

  it('escapes ampersands first so entities are not double-read', () => {
    expect(escapeHtml("&lt; & '")).toBe('&amp;lt; &amp; &#39;');
  });

  it('leaves plain text and unicode alone', () => {
    expect(escapeHtml('Answer: 42 — “ok” ✓')).toBe('Answer: 42 — “ok” ✓');
  });
});
