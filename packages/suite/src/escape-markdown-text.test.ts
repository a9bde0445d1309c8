import { describe, expect, it } from 'vitest';
import { escapeMarkdownText } from './escape-markdown-text.js';
import { renderMarkdownTable } from './suite-table.js';

describe('escapeMarkdownText', () => {
  it('leaves no HTML tag, column break or line break in a label', () => {
    expect(escapeMarkdownText('<img src=x onerror=alert(1)> a|b\nc & d')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; a\\|b c &amp; d',
    );
  });

  it("escapes a suite's labels in every part of tables.md: title, notes, headers, cells", () => {
    const markdown = renderMarkdownTable({
      id: 'main',
      title: 'Main <b>table</b>',
      notes: ['<script>alert(1)</script>'],
      columns: [
        { header: '<i>Benchmark</i>', format: 'text' },
        { header: 'Score', format: 'percent' },
      ],
      rows: [{ values: ['<a href="javascript:alert(1)">x</a>', 0.5] }],
    } as never);
    expect(markdown).not.toMatch(/<[a-z/]/i);
    expect(markdown).toContain('### Main &lt;b&gt;table&lt;/b&gt;');
    expect(markdown).toContain('| &lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt; | 0.50 |');
  });
});
