import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { promptModules, renderPromptsSection } from './prompts-section.js';

describe('promptModules', () => {
  it('keeps the seed order and appends modules only the best candidate has', () => {
    expect(
      promptModules({ query: 'a', answer: 'b' }, { answer: 'c', extra: 'd', query: 'e' }),
    ).toEqual(['query', 'answer', 'extra']);
  });
});

describe('renderPromptsSection', () => {
  it('shows best and seed prompts per module, marking rewritten ones', () => {
    const markup = renderPromptsSection(
      minimalRunReportData({
        bestPrompts: { query: 'same', answer: 'new answer' },
        seedPrompts: { query: 'same', answer: 'old answer' },
      }),
    );
    expect(
      markup.match(
        /<details class="prompt" id="prompt-[a-z]+" data-module="[a-z]+" data-open-default open>/g,
      ),
    ).toHaveLength(2);
    // The rewritten module shows the best prompt as a diff against the seed's.
    expect(markup).toMatch(
      /<pre class="prompt-text prompt-diff"><del>old<\/del><ins>new<\/ins> answer<\/pre>/,
    );
    expect(markup).toContain('<code>query</code> <span class="tag">unchanged</span>');
    expect(markup).toContain('<code>answer</code> <span class="tag tag-changed">rewritten</span>');
    expect(markup.indexOf('new answer')).toBeLessThan(markup.indexOf('old answer'));
  });

  it('renders markup in prompts as text', () => {
    const markup = renderPromptsSection(
      minimalRunReportData({
        bestPrompts: { '<m>': '<script>alert(1)</script>\n</pre>' },
        seedPrompts: {},
      }),
    );
    expect(markup).not.toContain('<script>');
    expect(markup).toContain(
      '<pre class="prompt-text">&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;/pre&gt;</pre>',
    );
    expect(markup).toContain('<code>&lt;m&gt;</code>');
    expect(markup).toContain('No prompt recorded.');
  });

  it('says so when no prompts were recorded', () => {
    const markup = renderPromptsSection(minimalRunReportData({ bestPrompts: {}, seedPrompts: {} }));
    expect(markup).toContain('No prompts were recorded for this run.');
  });
});
