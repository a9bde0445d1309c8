import { describe, expect, it } from 'vitest';
import {
  gepaReflectionOpening,
  isGepaReflectionPrompt,
  readGepaReflectionPrompt,
} from './read-gepa-reflection-prompt.js';

// The default template of method-gepa (docs/prompt-contracts.md, "GEPA reflection").
const message = (current: string, examples: string) =>
  `${gepaReflectionOpening}\n\`\`\`\`\n${current}\n\`\`\`\`\n\nHere are task inputs the assistant received, what it produced for each, and feedback on how each response could be better:\n\`\`\`\n${examples}\n\`\`\`\n\nWrite a new instruction for the assistant.\n\nReturn the complete new instruction inside one \`\`\` block.`;

describe('readGepaReflectionPrompt', () => {
  it('reads the current text (fences inside it kept) and each example’s feedback', () => {
    const current = 'Route the ticket.\n```\n<team>…</team>\n```';
    const examples = [
      '# Example 1\n## Inputs\n### ticket\nLogin is down.\n## Generated Outputs\n### Invocation 1\n\n<team>LOGIN</team>\n## Feedback\nName the team in lower case.',
      '# Example 2\n## Inputs\n### ticket\nRefund?\n## Generated Outputs\n(none)\n## Feedback\nThis trajectory got a score of 1.',
    ].join('\n\n');
    const user = message(current, examples);
    expect(isGepaReflectionPrompt(user)).toBe(true);
    const read = readGepaReflectionPrompt(user);
    expect(read.currentPrompt).toBe(current);
    expect(read.examples).toBe(examples);
    expect(read.feedback).toEqual([
      'Name the team in lower case.',
      'This trajectory got a score of 1.',
    ]);
  });

  it('recognises only the default template', () => {
    expect(isGepaReflectionPrompt('My own template\n```\nx\n```')).toBe(false);
  });
});
