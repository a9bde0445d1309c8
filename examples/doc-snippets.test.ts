import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The TypeScript snippets of these pages are quoted from example files CI runs, so they cannot
// drift from code that works: every ```ts block must appear verbatim in some example.
const here = dirname(fileURLToPath(import.meta.url));
const pages = ['coming-from-dspy-gepa-ax.md', 'try-without-a-model.md'];
const examples = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => readFileSync(join(here, file), 'utf8'));

describe.each(pages)('docs/%s', (page) => {
  const text = readFileSync(join(here, '..', 'docs', page), 'utf8');
  const snippets = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');

  it('has TypeScript snippets', () => {
    expect(snippets.length).toBeGreaterThan(2);
  });

  it.each(snippets.map((snippet, index) => [index + 1, snippet]))(
    'snippet %i is quoted from an example CI runs',
    (_index, snippet) => {
      expect(examples.some((example) => example.includes(String(snippet)))).toBe(true);
    },
  );
});
