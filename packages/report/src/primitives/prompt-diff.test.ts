import { describe, expect, it } from 'vitest';
import { renderPromptDiff } from './prompt-diff.js';

describe('renderPromptDiff', () => {
  it('marks added and removed words and keeps the rest as it was', () => {
    const diff = renderPromptDiff(
      'Answer the question.',
      'Answer the question briefly.\nCite a passage.',
    );
    expect(diff.markup).toContain('Answer the question');
    expect(diff.markup).toMatch(/<ins>[^<]*briefly/);
    expect(diff.markup).toContain('<ins>');
    expect(diff.counts.added).toBeGreaterThan(0);
    expect(diff.counts.removed).toBe(0);
    const removal = renderPromptDiff('Keep this. Drop that.', 'Keep this.');
    expect(removal.markup).toMatch(/<del>[^<]*Drop/);
    expect(removal.counts).toMatchObject({ added: 0 });
  });

  it('escapes model-written text on both sides', () => {
    const diff = renderPromptDiff('<b>old</b>', '<script>alert(1)</script>');
    expect(diff.markup).not.toContain('<script>');
    expect(diff.markup).not.toContain('<b>');
    // Read without the deletions it is the new text; without the insertions, the old one.
    const read = (drop: 'ins' | 'del') =>
      diff.markup
        .replace(new RegExp(`<${drop}>[^<]*</${drop}>`, 'g'), '')
        .replace(/<\/?(ins|del|pre[^>]*)>/g, '');
    expect(read('del')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(read('ins')).toBe('&lt;b&gt;old&lt;/b&gt;');
  });

  it('shows identical prompts without marks', () => {
    const diff = renderPromptDiff('Same.', 'Same.');
    expect(diff.markup).toBe('<pre class="prompt-text prompt-diff">Same.</pre>');
    expect(diff.counts).toEqual({ added: 0, removed: 0 });
  });
});
