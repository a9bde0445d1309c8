import { describe, expect, it } from 'vitest';
import { extractInstruction } from './extract-instruction.js';

describe('extractInstruction', () => {
  it('takes the text between the first and the last fence', () => {
    expect(extractInstruction('Thoughts.\n```\nDo the task.\n```\nDone.')).toEqual({
      ok: true,
      instruction: 'Do the task.',
    });
  });

  it('drops a language tag on the opening fence', () => {
    expect(extractInstruction('```markdown\n# Role\nDo it.\n```')).toEqual({
      ok: true,
      instruction: '# Role\nDo it.',
    });
  });

  it('keeps inner fences whole (first to last)', () => {
    const answer = '```\nAnswer like this:\n```json\n{"a": 1}\n```\nThen stop.\n```';
    expect(extractInstruction(answer)).toEqual({
      ok: true,
      instruction: 'Answer like this:\n```json\n{"a": 1}\n```\nThen stop.',
    });
  });

  it('reads an unterminated block from its opening fence, or up to a lone closing one', () => {
    expect(extractInstruction('```\nCut short')).toEqual({ ok: true, instruction: 'Cut short' });
    expect(extractInstruction('Only the end\n```')).toEqual({
      ok: true,
      instruction: 'Only the end',
    });
  });

  it('takes a fence of more than three backticks whole', () => {
    expect(extractInstruction('````\nUse ``` blocks.\n````')).toEqual({
      ok: true,
      instruction: 'Use ``` blocks.',
    });
  });

  it('refuses an answer with no fence and an empty block', () => {
    expect(extractInstruction('Here is the new prompt: be careful.')).toEqual({
      ok: false,
      reason: 'no-fenced-block',
    });
    expect(extractInstruction('Nothing to change.\n```\n```')).toEqual({
      ok: false,
      reason: 'empty-instruction',
    });
  });
});

describe('extractInstruction through an outer fence', () => {
  it('takes the inner block when the whole answer is fenced once more', () => {
    expect(extractInstruction('````markdown\n```\nNew instruction.\n```\n````')).toEqual({
      ok: true,
      instruction: 'New instruction.',
    });
  });
});
