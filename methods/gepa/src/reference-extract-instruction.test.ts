import { describe, expect, it } from 'vitest';
import { extractInstructionAsReference } from './reference-extract-instruction.js';

// Expected values are what gepa-ai/gepa's `InstructionProposalSignature.output_extractor`
// (src/gepa/strategies/instruction_proposal.py:125–153 at b265bf9c) returns for the same answers.
const cases: readonly (readonly [string, string])[] = [
  ['Thoughts.\n```\nDo the task.\n```\nDone.', 'Do the task.'],
  ['```markdown\n# Role\nDo it.\n```', '# Role\nDo it.'],
  ['Just a truncated answer without fences', 'Just a truncated answer without fences'],
  ['', ''],
  ['```\n```', ''],
  ['```\nCut short', 'Cut short'],
  ['Only the end\n```', 'Only the end'],
  ['Use ``` here for code', 'Use ``` here for code'],
  ['````\nFour\n````', 'Four\n`'],
];

describe('extractInstructionAsReference', () => {
  it.each(cases)('reads %j as the reference does', (answer, instruction) => {
    expect(extractInstructionAsReference(answer)).toEqual({ ok: true, instruction });
  });

  it('adopts what the paper profile refuses: an unfenced answer and an empty block', () => {
    expect(extractInstructionAsReference('no fence at all').ok).toBe(true);
    expect(extractInstructionAsReference('```\n\n```')).toEqual({ ok: true, instruction: '' });
  });
});
