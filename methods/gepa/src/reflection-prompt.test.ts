import { describe, expect, it } from 'vitest';
import {
  defaultReflectionTemplate,
  fence,
  reflectionRequestOpening,
  renderReflectionRequest,
} from './reflection-prompt.js';

describe('the reflection request', () => {
  it('puts the current instruction and the examples in fenced blocks and asks for a fenced answer', () => {
    const text = renderReflectionRequest(defaultReflectionTemplate, {
      currentInstruction: 'Answer briefly.',
      sideInfo: '# Example 1\n## Feedback\nToo long.',
    });
    expect(text.startsWith(`${reflectionRequestOpening}\n\`\`\`\nAnswer briefly.\n\`\`\`\n`)).toBe(
      true,
    );
    expect(text).toContain('```\n# Example 1\n## Feedback\nToo long.\n```');
    expect(text).not.toContain('<curr_param>');
    expect(text).not.toContain('<side_info>');
    expect(text.trimEnd().endsWith('inside one ``` block.')).toBe(true);
  });

  it('widens a fence around text that holds backticks', () => {
    expect(fence('plain')).toBe('```\nplain\n```');
    expect(fence('use ```json blocks```')).toBe('````\nuse ```json blocks```\n````');
    const text = renderReflectionRequest(defaultReflectionTemplate, {
      currentInstruction: 'Reply as:\n```\n{}\n```',
      sideInfo: 'x',
    });
    expect(text).toContain('````\nReply as:\n```\n{}\n```\n````');
  });

  it('fills a custom template in place, and inserts `$` patterns literally', () => {
    expect(
      renderReflectionRequest('Now: <curr_param> | Data: <side_info>', {
        currentInstruction: 'cost $& more',
        sideInfo: 'ok',
      }),
    ).toBe('Now: cost $& more | Data: ok');
  });
});
